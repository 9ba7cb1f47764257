package org.attentionexplainer.ui.walkthrough;

import java.util.Optional;
import javafx.scene.Node;
import org.attentionexplainer.ui.shell.AppContext;
import org.attentionexplainer.ui.shell.FileActions;
import org.attentionexplainer.ui.shell.Screen;

/** The "Hello shiny sun!" walkthrough, step by step; presenter keys move between its steps. */
public final class WalkthroughScreen implements Screen {
    private final WalkthroughViewModel model;
    private final WalkthroughExport export;
    private Node view;

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
}
