package org.attentionexplainer.ui.chapters;

import java.util.Optional;
import javafx.beans.value.ObservableValue;
import javafx.scene.Node;
import org.attentionexplainer.ui.export.ExportActions;
import org.attentionexplainer.ui.shell.AppContext;
import org.attentionexplainer.ui.shell.Cue;
import org.attentionexplainer.ui.shell.FileActions;
import org.attentionexplainer.ui.shell.Screen;

/** The chapters after the worked example; presenter keys move through a chapter's steps and between chapters. */
public final class ChaptersScreen implements Screen {
    private final AppContext context;
    private ChaptersViewModel model;
    private ChaptersView chapters;
    private ExportActions actions;
    private Node view;
    private ObservableValue<Cue> cue;

    private java.util.function.Consumer<String> goTo;

    public ChaptersScreen(AppContext context) {
        this.context = context;
    }

    @Override
    public String id() {
        return "chapters";
    }

    @Override
    public String titleKey() {
        return "chapter.ui.screen";
    }

    @Override
    public Node view() {
        if (view == null) {
            chapters = new ChaptersView(model());
            view = chapters.createView();
        }
        return view;
    }

    /** The first map of the chapter shown, as the screen draws it, on the light style of print. */
    @Override
    public Optional<FileActions> fileActions() {
        if (actions == null) {
            view();
            var figure = chapters.liveFigureProperty();
            actions = new ExportActions(context.i18n(), context.files(), chapters.noticeProperty()::set)
                    .figures(figure.isNotNull(), context.i18n().text("export.off.chapter"),
                            () -> "chapter-" + model().chapterProperty().get().id(),
                            parts -> figure.get() == null ? null : parts.applyTo(figure.get()));
        }
        return Optional.of(actions);
    }

    /** Made when the chapters are first shown or stepped, not at start-up. */
    public ChaptersViewModel model() {
        if (model == null) {
            model = new ChaptersViewModel(context);
            if (goTo != null) {
                model.book().onwardProperty().set(new org.attentionexplainer.ui.common.Book.Onward("chapter.onward",
                        () -> goTo.accept("explorer")));
            }
        }
        return model;
    }

    @Override
    public void setNavigator(java.util.function.Consumer<String> goTo) {
        this.goTo = goTo;
    }

    @Override
    public boolean next() {
        return model().stepOrNext();
    }

    @Override
    public boolean previous() {
        return model().stepOrPrevious();
    }

    @Override
    public boolean first() {
        return model().first();
    }

    @Override
    public boolean last() {
        return model().last();
    }

    @Override
    public boolean revealAnswer() {
        return model().revealOrNextQuestion();
    }

    @Override
    public boolean toggleIndex() {
        model().toggleIndex();
        return true;
    }

    @Override
    public boolean closeOverlay() {
        if (!model().indexShownProperty().get()) {
            return false;
        }
        model().indexShownProperty().set(false);
        return true;
    }

    @Override
    public void setPresenting(boolean on) {
        model().presentingProperty().set(on);
    }

    @Override
    public ObservableValue<Cue> cue() {
        if (cue == null) {
            cue = ChapterCue.of(model());
        }
        return cue;
    }
}
