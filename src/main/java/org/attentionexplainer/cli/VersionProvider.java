package org.attentionexplainer.cli;

import picocli.CommandLine.IVersionProvider;

/** The version from the jar's manifest ("dev" when run from classes). */
public final class VersionProvider implements IVersionProvider {
    @Override
    public String[] getVersion() {
        String v = CliApp.class.getPackage().getImplementationVersion();
        return new String[] {"Attention Explainer " + (v == null ? "dev" : v),
            "Java " + System.getProperty("java.version") + " (" + System.getProperty("java.vendor") + ")"};
    }
}
