package org.attentionexplainer.ui.export;

import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import javafx.beans.binding.Bindings;
import javafx.scene.control.ButtonType;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.Dialog;
import javafx.scene.control.Label;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.stage.Window;
import javafx.util.StringConverter;
import org.attentionexplainer.export.ExportFormat;
import org.attentionexplainer.export.FigureParts;
import org.attentionexplainer.export.Resolution;
import org.attentionexplainer.ui.i18n.I18n;

/**
 * Asks how to export: the format among those offered and, for pictures, the size (1× to 4×
 * or a print DPI) and the parts of the picture (title, labels, colour bar, caption).
 */
public final class ExportDialog {
    /** What the user chose. */
    public record Choice(ExportFormat format, Resolution resolution, FigureParts parts) {
    }

    private static final int[] DPIS = {150, 300, 600};
    private final I18n i18n;

    public ExportDialog(I18n i18n) {
        this.i18n = i18n;
    }

    /** The choice, or empty if cancelled; {@code titleKey} names what is exported. */
    public Optional<Choice> ask(Window owner, String titleKey, List<ExportFormat> formats) {
        Dialog<ButtonType> dialog = new Dialog<>();
        dialog.initOwner(owner);
        dialog.setTitle(i18n.get(titleKey));
        dialog.getDialogPane().getButtonTypes().addAll(ButtonType.OK, ButtonType.CANCEL);
        if (owner != null && owner.getScene() != null) {
            dialog.getDialogPane().getStylesheets().setAll(owner.getScene().getStylesheets());
        }
        ChoiceBox<ExportFormat> format = new ChoiceBox<>();
        format.setId("export-format");
        format.getItems().addAll(formats);
        format.setValue(formats.get(0));
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
        HBox parts = new HBox(10, title, labels, legend, caption);
        parts.disableProperty().bind(Bindings.createBooleanBinding(() -> !format.getValue().picture(),
                format.valueProperty()));
        GridPane grid = new GridPane();
        grid.setHgap(10);
        grid.setVgap(8);
        grid.addRow(0, new Label(i18n.get("export.format")), format);
        if (formats.stream().anyMatch(ExportFormat::picture)) {
            grid.addRow(1, new Label(i18n.get("export.scale")), size);
            grid.addRow(2, new Label(i18n.get("export.parts")), parts);
        }
        dialog.getDialogPane().setContent(grid);
        return dialog.showAndWait().filter(b -> b == ButtonType.OK).map(b -> {
            int v = size.getValue();
            Resolution res = v > 0 ? Resolution.times(v) : Resolution.dpi(-v);
            return new Choice(format.getValue(), res, new FigureParts(title.isSelected(), labels.isSelected(),
                    legend.isSelected(), caption.isSelected()));
        });
    }

    private CheckBox check(String id, String key) {
        CheckBox c = new CheckBox(i18n.get(key));
        c.setId(id);
        c.setSelected(true);
        return c;
    }

    private static <T> StringConverter<T> converter(Function<T, String> text) {
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
