package org.attentionexplainer.ui.explorer;

import java.util.Optional;
import javafx.scene.Node;
import javafx.scene.control.ButtonType;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.Dialog;
import javafx.scene.control.Label;
import javafx.scene.control.RadioButton;
import javafx.scene.control.ToggleGroup;
import javafx.scene.layout.GridPane;
import javafx.stage.Window;
import javafx.util.StringConverter;
import org.attentionexplainer.export.ExportFormat;
import org.attentionexplainer.export.FigureParts;
import org.attentionexplainer.export.Resolution;
import org.attentionexplainer.ui.i18n.I18n;

/** Asks what to export: format, scale, the parts of the picture, this view or every head. */
final class ExportDialog {
    private static final int[] DPIS = {150, 300, 600};
    private final I18n i18n;

    ExportDialog(I18n i18n) {
        this.i18n = i18n;
    }

    Optional<ExplorerExport.Choice> ask(Window owner) {
        Dialog<ButtonType> dialog = new Dialog<>();
        dialog.initOwner(owner);
        dialog.setTitle(i18n.get("export.dialog.title"));
        dialog.getDialogPane().getButtonTypes().addAll(ButtonType.OK, ButtonType.CANCEL);
        ChoiceBox<ExportFormat> format = new ChoiceBox<>();
        format.setId("export-format");
        format.getItems().addAll(ExportFormat.values());
        format.setValue(ExportFormat.PNG);
        format.setConverter(converter(f -> i18n.get("export.format." + f.extension())));
        ChoiceBox<Integer> size = new ChoiceBox<>();
        size.setId("export-scale");
        size.getItems().addAll(1, 2, 3, 4, -DPIS[0], -DPIS[1], -DPIS[2]);
        size.setValue(2);
        size.setConverter(converter(v -> v > 0 ? i18n.get("export.scale.times", v) : i18n.get("export.scale.dpi", -v)));
        size.disableProperty().bind(format.valueProperty().isNotEqualTo(ExportFormat.PNG));
        CheckBox title = check("export-title", "export.part.title");
        CheckBox labels = check("export-labels", "export.part.labels");
        CheckBox legend = check("export-legend", "export.part.legend");
        CheckBox caption = check("export-caption", "export.part.caption");
        ToggleGroup scope = new ToggleGroup();
        RadioButton view = new RadioButton(i18n.get("export.scope.view"));
        view.setId("export-scope-view");
        RadioButton all = new RadioButton(i18n.get("export.scope.all"));
        all.setId("export-scope-all");
        view.setToggleGroup(scope);
        all.setToggleGroup(scope);
        view.setSelected(true);
        GridPane grid = new GridPane();
        grid.setHgap(10);
        grid.setVgap(8);
        grid.addRow(0, new Label(i18n.get("export.format")), format);
        grid.addRow(1, new Label(i18n.get("export.scale")), size);
        grid.addRow(2, new Label(i18n.get("export.parts")), row(title, labels, legend, caption));
        grid.addRow(3, new Label(i18n.get("export.scope")), row(view, all));
        dialog.getDialogPane().setContent(grid);
        return dialog.showAndWait().filter(b -> b == ButtonType.OK).map(b -> {
            int v = size.getValue();
            Resolution res = v > 0 ? Resolution.times(v) : Resolution.dpi(-v);
            return new ExplorerExport.Choice(format.getValue(), res, new FigureParts(title.isSelected(),
                    labels.isSelected(), legend.isSelected(), caption.isSelected()), all.isSelected());
        });
    }

    private CheckBox check(String id, String key) {
        CheckBox c = new CheckBox(i18n.get(key));
        c.setId(id);
        c.setSelected(true);
        return c;
    }

    private static Node row(Node... nodes) {
        return new javafx.scene.layout.HBox(10, nodes);
    }

    private static <T> StringConverter<T> converter(java.util.function.Function<T, String> text) {
        return new StringConverter<>() {
            @Override
            public String toString(T t) {
                return t == null ? "" : text.apply(t);
            }

            @Override
            public T fromString(String s) {
                throw new UnsupportedOperationException();
            }
        };
    }
}
