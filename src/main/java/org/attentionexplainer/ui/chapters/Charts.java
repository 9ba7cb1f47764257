package org.attentionexplainer.ui.chapters;

import java.text.NumberFormat;
import javafx.scene.chart.LineChart;
import javafx.scene.chart.NumberAxis;
import javafx.util.StringConverter;
import org.attentionexplainer.ui.i18n.I18n;

/** The chapters' line plots (cost against length, memory and time against length): one look, one place. */
final class Charts {
    private Charts() {
    }

    /** A plot titled and labelled from the bundles, without animation, in the chapters' chart style. */
    static LineChart<Number, Number> line(I18n i18n, String id, String titleKey, NumberAxis x, String xKey,
                                          NumberAxis y, String yKey) {
        x.labelProperty().bind(i18n.text(xKey));
        y.labelProperty().bind(i18n.text(yKey));
        for (NumberAxis axis : new NumberAxis[] {x, y}) {
            // the app's language, not the computer's: 1.024 and 2,5 in Turkish
            axis.setTickLabelFormatter(new StringConverter<>() {
                @Override
                public String toString(Number n) {
                    NumberFormat f = NumberFormat.getNumberInstance(i18n.locale());
                    f.setMaximumFractionDigits(2);
                    return f.format(n.doubleValue());
                }

                @Override
                public Number fromString(String s) {
                    return null;
                }
            });
            i18n.localeProperty().addListener((o, a, b) -> axis.requestAxisLayout());
        }
        LineChart<Number, Number> chart = new LineChart<>(x, y);
        chart.setId(id);
        chart.setAnimated(false);
        chart.titleProperty().bind(i18n.text(titleKey));
        chart.getStyleClass().add("chapter-chart");
        return chart;
    }
}
