package org.attentionexplainer.ui.tinygpt;

import java.util.List;
import java.util.OptionalDouble;
import javafx.beans.value.ObservableValue;
import javafx.scene.control.Label;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.Region;
import org.attentionexplainer.lesson.heads.HeadScores;
import org.attentionexplainer.lesson.tinygpt.TinyGptScores;
import org.attentionexplainer.ui.i18n.I18n;

/**
 * Every head's detector scores as numbers, one row a head: previous-token (on the random first
 * halves), induction and first-token (on whole sequences). The best previous-token head of
 * layer 1 and the best induction head of the last layer are marked.
 */
final class HeadTable {
    private HeadTable() {
    }

    static GridPane create(ObservableValue<TinyGptScores> scores, I18n i18n) {
        GridPane grid = new GridPane();
        grid.setId("tinygpt-heads");
        grid.getStyleClass().add("tinygpt-heads");
        grid.setHgap(14);
        grid.setVgap(2);
        Runnable fill = () -> fill(grid, scores.getValue(), i18n);
        scores.addListener(o -> fill.run());
        i18n.localeProperty().addListener(o -> fill.run());
        fill.run();
        return grid;
    }

    private static void fill(GridPane grid, TinyGptScores s, I18n i18n) {
        grid.getChildren().clear();
        String[] headers = {"tinygpt.heads.head", "tinygpt.heads.previous", "tinygpt.heads.induction",
            "tinygpt.heads.first"};
        for (int c = 0; c < headers.length; c++) {
            // a header of two words on two lines: the column is as narrow as its numbers allow, and
            // nothing in the table is ever cut to "..." (the column beside the maps is narrow)
            Label h = new Label(i18n.get(headers[c]).replaceFirst(" ", "\n"));
            h.getStyleClass().add("tinygpt-heads-header");
            h.setMinWidth(Region.USE_PREF_SIZE);
            grid.add(h, c, 0);
        }
        if (s == null) {
            return;
        }
        TinyGptScores.Best previous = s.bestPreviousToken();
        TinyGptScores.Best induction = s.bestInduction();
        int row = 1;
        for (int l = 0; l < s.repeated().size(); l++) {
            List<HeadScores> layer = s.repeated().get(l);
            for (int h = 0; h < layer.size(); h++) {
                Label name = new Label(i18n.get("tinygpt.heads.name", l + 1, h + 1));
                name.setId("tinygpt-head-" + (l + 1) + "-" + (h + 1));
                name.setMinWidth(Region.USE_PREF_SIZE);
                grid.add(name, 0, row);
                grid.add(number(s.random().get(l).get(h).previousToken(), i18n,
                        l == previous.layer() && h == previous.head()), 1, row);
                grid.add(number(layer.get(h).induction(), i18n, l == induction.layer() && h == induction.head()), 2,
                        row);
                grid.add(number(layer.get(h).firstToken(), i18n, false), 3, row);
                row++;
            }
        }
    }

    private static Label number(OptionalDouble value, I18n i18n, boolean best) {
        Label l = new Label(value.isPresent() ? i18n.number(value.getAsDouble(), 2) : "–");
        l.getStyleClass().add(best ? "tinygpt-best" : "tinygpt-score");
        l.setMinWidth(Region.USE_PREF_SIZE);
        return l;
    }
}
