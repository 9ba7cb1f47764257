package org.attentionexplainer.ui.common;

/** What the pages of the walkthrough and of the chapters share. */
public final class PageLayout {
    private PageLayout() {
    }

    /** The pages' stylesheet. */
    public static String stylesheet() {
        return PageLayout.class.getResource("pages.css").toExternalForm();
    }
}
