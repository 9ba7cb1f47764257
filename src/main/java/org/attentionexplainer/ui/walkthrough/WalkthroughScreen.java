package org.attentionexplainer.ui.walkthrough;

import java.util.Optional;
import javafx.beans.value.ObservableValue;
import javafx.scene.Node;
import org.attentionexplainer.ui.shell.AppContext;
import org.attentionexplainer.ui.shell.Cue;
import org.attentionexplainer.ui.shell.FileActions;
import org.attentionexplainer.ui.shell.Screen;

/** The "Hello shiny sun!" walkthrough, step by step; presenter keys move between its steps. */
public final class WalkthroughScreen implements Screen {
    private final WalkthroughViewModel model;
    private final WalkthroughExport export;
    private Node view;
    private ObservableValue<Cue> cue;

    public WalkthroughScreen(AppContext context) {
        this.model = new WalkthroughViewModel(context);
        this.export = new WalkthroughExport(model, context);
    }

    @Override
    public String id() {
        return "walkthrough";
    }

    @Override
    public String titleKey() {
        return "walk.title";
    }

    @Override
    public Node view() {
        if (view == null) {
            view = new WalkthroughView(model, export).createView();
        }
        return view;
    }

    public WalkthroughViewModel model() {
        return model;
    }

    @Override
    public Optional<FileActions> fileActions() {
        return Optional.of(export.actions());
    }

    @Override
    public boolean next() {
        return model.next();
    }

    @Override
    public boolean previous() {
        return model.previous();
    }

    @Override
    public void setNavigator(java.util.function.Consumer<String> goTo) {
        model.book().onwardProperty().set(new org.attentionexplainer.ui.common.Book.Onward("walk.onward",
                () -> goTo.accept("chapters")));
    }

    @Override
    public void setPresenting(boolean on) {
        model.presentingProperty().set(on);
    }

    @Override
    public boolean first() {
        return model.book().first();
    }

    @Override
    public boolean last() {
        return model.book().last();
    }

    /** The step shown, the next step's title and the step's explanation, which the slide leaves out. */
    @Override
    public ObservableValue<Cue> cue() {
        if (cue == null) {
            var book = model.book();
            var i18n = model.i18n();
            cue = javafx.beans.binding.Bindings.createObjectBinding(() -> {
                int i = book.indexProperty().get();
                String next = i + 1 < book.pages().size() ? i18n.get(book.pages().get(i + 1).titleKey()) : null;
                return new Cue(i18n.get(book.pages().get(i).titleKey()), next,
                        i18n.get(book.pages().get(i).textKey()));
            }, book.indexProperty(), i18n.localeProperty());
        }
        return cue;
    }
}
