package org.attentionexplainer.ui.export;

import javafx.beans.binding.Bindings;
import javafx.scene.control.MenuButton;
import javafx.scene.control.MenuItem;
import javafx.scene.control.SeparatorMenuItem;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyCodeCombination;
import javafx.scene.input.KeyCombination;
import org.attentionexplainer.ui.i18n.I18n;
import org.attentionexplainer.ui.shell.FileAction;

/**
 * A screen's own Export menu: the same actions as the File menu, so both do exactly the same;
 * their keys are the File menu's (Ctrl+C copies the picture where no text field takes it).
 */
public final class ExportMenuButton {
    /** Ctrl+C (Cmd+C on macOS): the picture to the clipboard. */
    public static final KeyCombination COPY = new KeyCodeCombination(KeyCode.C, KeyCombination.SHORTCUT_DOWN);

    private final ExportActions actions;
    private final I18n i18n;

    public ExportMenuButton(ExportActions actions, I18n i18n) {
        this.actions = actions;
        this.i18n = i18n;
    }

    /** @param id the button's node id; its items are {@code export-menu-picture}, {@code export-menu-copy-picture}... */
    public MenuButton createView(String id) {
        MenuButton menu = new MenuButton();
        menu.setId(id);
        menu.textProperty().bind(i18n.text("export.menu"));
        for (FileAction a : FileAction.values()) {
            MenuItem item = new MenuItem();
            item.setId("export-menu-" + a.id());
            item.textProperty().bind(i18n.text(a.messageKey()));
            item.disableProperty().bind(Bindings.createBooleanBinding(() -> !actions.available(a).get(),
                    actions.available(a)));
            item.setOnAction(e -> actions.run(a, menu.getScene().getWindow()));
            menu.getItems().add(item);
            if (a == FileAction.DATA) {
                menu.getItems().add(new SeparatorMenuItem());
            }
        }
        return menu;
    }
}
