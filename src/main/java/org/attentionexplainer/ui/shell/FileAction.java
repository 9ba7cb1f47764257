package org.attentionexplainer.ui.shell;

import java.util.Locale;

/**
 * What the File menu does with the current screen: export its picture or copy it to the
 * clipboard, every head, the numbers; sessions.
 */
public enum FileAction {
    PICTURE("menu.file.exportPicture"),
    COPY_PICTURE("menu.file.copyPicture"),
    ALL_HEADS("menu.file.exportHeads"),
    DATA("menu.file.exportData"),
    SAVE_SESSION("menu.file.saveSession"),
    OPEN_SESSION("menu.file.openSession");

    private final String messageKey;

    FileAction(String messageKey) {
        this.messageKey = messageKey;
    }

    /** The menu item's text. */
    public String messageKey() {
        return messageKey;
    }

    /** For node ids: "picture", "all-heads"... */
    public String id() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }
}
