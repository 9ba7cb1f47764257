package org.attentionexplainer.ui.help;

import java.util.List;

/**
 * Every key the app answers to, as the shortcuts sheet lists it: the keys as printed on a
 * keyboard ("Ctrl" is the platform's shortcut key) and the bundle key of what they do, in
 * groups. The key handling itself lives with the window (DesktopApp); this list documents it
 * (the window's key tests press the presenter keys, the sheet's test checks every line is shown).
 */
public final class Shortcuts {
    /** One line of the sheet. */
    public record Shortcut(String keys, String actionKey) {
    }

    /** A heading and its lines. */
    public record Group(String titleKey, List<Shortcut> shortcuts) {
    }

    private Shortcuts() {
    }

    public static final List<Group> ALL = List.of(
            new Group("help.keys.group.present", List.of(
                    new Shortcut("→  PgDn  Space", "help.keys.next"),
                    new Shortcut("←  PgUp  Shift+Space", "help.keys.previous"),
                    new Shortcut("Space", "help.keys.reveal"),
                    new Shortcut("Home  End", "help.keys.firstLast"),
                    new Shortcut("F5  P", "help.keys.present"),
                    new Shortcut("B  .", "help.keys.blank"),
                    new Shortcut("I  G", "help.keys.index"),
                    new Shortcut("Esc", "help.keys.escape"))),
            new Group("help.keys.group.window", List.of(
                    new Shortcut("F11  Ctrl+Shift+F", "help.keys.fullScreen"),
                    new Shortcut("Ctrl++  Ctrl+−  Ctrl+0", "help.keys.zoom"),
                    new Shortcut("F1", "help.keys.sheet"),
                    new Shortcut("Ctrl+Q", "help.keys.quit"))),
            new Group("help.keys.group.files", List.of(
                    new Shortcut("Ctrl+E", "help.keys.exportPicture"),
                    new Shortcut("Ctrl+C", "help.keys.copyPicture"),
                    new Shortcut("Ctrl+Shift+E", "help.keys.exportHeads"),
                    new Shortcut("Ctrl+Shift+D", "help.keys.exportData"),
                    new Shortcut("Ctrl+S  Ctrl+O", "help.keys.session"))),
            new Group("help.keys.group.maps", List.of(
                    new Shortcut("Tab  Shift+Tab", "help.keys.tab"),
                    new Shortcut("← → ↑ ↓", "help.keys.cell"),
                    new Shortcut("Enter", "help.keys.arithmetic"),
                    new Shortcut("F9", "help.keys.settings"))));

    /** The one rule for keys while typing, shown under the sheet. */
    public static final String RULE_KEY = "help.keys.rule";
}
