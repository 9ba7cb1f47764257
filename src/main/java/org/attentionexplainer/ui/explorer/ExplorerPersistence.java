package org.attentionexplainer.ui.explorer;

import java.util.function.Supplier;
import javafx.beans.InvalidationListener;
import javafx.beans.Observable;
import org.attentionexplainer.export.SessionFiles;
import org.attentionexplainer.export.SpecException;
import org.attentionexplainer.lesson.explorer.LoadedData;
import org.attentionexplainer.lesson.explorer.ModelBuilder;
import org.attentionexplainer.lesson.explorer.ModelSettings;
import org.attentionexplainer.lesson.explorer.Session;
import org.attentionexplainer.lesson.explorer.Tokenizer;
import org.attentionexplainer.ui.shell.Settings;

/**
 * Remembers the explorer's settings between runs in the format of a saved session (the
 * sentence, the model, the attention controls and those pinned as A, how the maps are shown),
 * as one {@link Settings} value under {@code explorer.session}. It is written whenever a setting changes
 * and differs from what is stored; the user's preferences keep it in memory and write it to
 * disk in the background and when the app closes, so a slider drag costs no disk writes.
 *
 * <p>On the next start the stored session is checked whole, as an opened session file is: one
 * that cannot be read or shown leaves the explorer's defaults. Loaded .npy or spec files are
 * not remembered (they may be gone): the explorer restarts from the sentence. A sentence over
 * the token limit is not stored, so the last one the explorer accepted comes back. Settings
 * stored by earlier versions, one key each, are read once key by key
 * ({@link LegacyExplorerSettings}).
 */
final class ExplorerPersistence {
    static final String KEY = LegacyExplorerSettings.PREFIX + "session";
    /** The longest value the user's preferences store takes ({@code Preferences.MAX_VALUE_LENGTH}). */
    static final int MAX_VALUE_LENGTH = 8192;

    /** Puts a stored session on the explorer. */
    interface Restore {
        /** @throws SpecException if the explorer cannot show it; nothing has changed then */
        void restore(Session session) throws SpecException;
    }

    private final Settings settings;
    private final Supplier<Session> current;
    private String acceptedSentence;
    /** The last sentence tokenized for the check above: only a new sentence is tokenized again. */
    private String checkedSentence;

    /** @param current the explorer's settings now */
    ExplorerPersistence(Settings settings, Supplier<Session> current) {
        this.settings = settings;
        this.current = current;
    }

    /**
     * Puts the saved settings on the explorer through {@code restore}, then saves them again
     * whenever one of {@code changes} changes.
     */
    void attach(Restore restore, Observable... changes) {
        restore(restore);
        save();
        InvalidationListener saver = o -> save();
        for (Observable o : changes) {
            o.addListener(saver);
        }
    }

    private void restore(Restore restore) {
        String json = settings.get(KEY, null);
        try {
            if (json != null) {
                restore.restore(SessionFiles.fromJson(json, KEY));
            } else {
                var legacy = new LegacyExplorerSettings(settings).read(current.get());
                if (legacy.isPresent()) {
                    restore.restore(legacy.get());
                }
            }
        } catch (SpecException | IllegalArgumentException e) {
            // settings the explorer cannot show (edited by hand, or from another version): the defaults stay
        }
    }

    /** Writes the explorer's settings if they differ from the stored ones. */
    void save() {
        Session s;
        try {
            s = current.get();
        } catch (IllegalArgumentException e) {
            return;  // no session while the sentence has no token: the stored one stays
        }
        if (!s.sentence().equals(checkedSentence)) {                    // a slider step keeps the sentence
            checkedSentence = s.sentence();
            Tokenizer.Result tokens = Tokenizer.tokenize(s.sentence(), Tokenizer.MAX_TOKENS);
            if (storable(s.sentence()) && !tokens.overLimit() && !tokens.tokens().isEmpty()) {
                acceptedSentence = s.sentence();
            }
        }
        if (acceptedSentence == null) {
            return;
        }
        String json = SessionFiles.toJson(asStored(s, acceptedSentence));
        if (json.length() <= MAX_VALUE_LENGTH && !json.equals(settings.get(KEY, null))) {
            settings.put(KEY, json);
        }
    }

    /**
     * The session as it can be shown on the next start: the last accepted sentence (the model's
     * tokens are still its own), no loaded tensors, and heads that divide the sentence model's width.
     */
    private static Session asStored(Session s, String sentence) {
        ModelSettings m = s.model();
        int width = ModelBuilder.projectedWidth(LoadedData.NONE, m.dModel());
        int heads = width % m.heads() == 0 ? m.heads() : ModelBuilder.nearestDivisor(width, m.heads());
        ModelSettings model = new ModelSettings(m.tokens(), m.dModel(), heads, m.projection(), m.weightSeed(),
                m.embeddingSeed(), m.positional());
        return new Session(s.version(), sentence, model, s.controls(), s.pinned(), s.stage(), s.colorMap(),
                s.autoRange(), s.showValues(), Math.min(s.head(), heads - 1), s.view(), LoadedData.NONE);
    }

    /** Within the preferences store's limits: not too long, no NUL character. */
    private static boolean storable(String s) {
        return s != null && s.length() <= MAX_VALUE_LENGTH && s.indexOf('\0') < 0;
    }
}
