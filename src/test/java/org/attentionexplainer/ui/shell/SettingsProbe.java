package org.attentionexplainer.ui.shell;

/**
 * A process that changes settings the way the app does and then waits to be killed:
 * {@code put KEY VALUE} prints "put" once the change is made and waits; {@code get KEY} prints
 * the stored value. Run with {@code -Djava.util.prefs.userRoot=DIR}, so the user's own settings
 * are not touched.
 */
public final class SettingsProbe {
    private SettingsProbe() {
    }

    public static void main(String[] args) throws InterruptedException {
        Settings settings = Settings.userPreferences();
        if (args[0].equals("put")) {
            settings.put(args[1], args[2]);
            System.out.println("put");
            System.out.flush();
            Thread.sleep(Long.MAX_VALUE);
        } else {
            System.out.println(settings.get(args[1], "<none>"));
        }
    }
}
