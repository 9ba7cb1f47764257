package org.attentionexplainer.ui.common;

import javafx.collections.ListChangeListener;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import org.attentionexplainer.ui.i18n.I18n;

/** The arithmetic of the clicked cell, one line per step; hidden while no cell is chosen. */
final class CellDetailsView {
    private final MapsModel vm;
    private final I18n i18n;

    CellDetailsView(MapsModel vm, I18n i18n) {
        this.vm = vm;
        this.i18n = i18n;
    }

    Node createView() {
        Label title = new Label();
        title.textProperty().bind(i18n.text("explorer.details.title"));
        title.getStyleClass().add("subtitle");
        Button close = new Button("×");
        close.setId("explorer-details-close");
        close.setOnAction(e -> vm.selectedProperty().set(null));
        Region spacer = new Region();
        HBox.setHgrow(spacer, Priority.ALWAYS);
        HBox head = new HBox(8, title, spacer, close);
        head.setAlignment(Pos.CENTER_LEFT);
        VBox lines = new VBox(6);
        lines.setId("explorer-details");
        vm.detailsProperty().addListener((ListChangeListener<String>) c -> {
            lines.getChildren().clear();
            for (int i = 0; i < vm.detailsProperty().size(); i++) {
                Label l = new Label(vm.detailsProperty().get(i));
                l.setWrapText(true);
                l.getStyleClass().add(i == 0 ? "details-heading" : "formula");
                lines.getChildren().add(l);
            }
        });
        ScrollPane scroll = new ScrollPane(lines);
        scroll.setFitToWidth(true);
        scroll.setHbarPolicy(ScrollPane.ScrollBarPolicy.NEVER);
        VBox.setVgrow(scroll, Priority.ALWAYS);
        VBox box = new VBox(8, head, scroll);
        box.setPadding(new Insets(12));
        box.setPrefWidth(340);
        box.setMinWidth(260);
        box.getStyleClass().add("explorer-details");
        box.visibleProperty().bind(vm.detailsProperty().emptyProperty().not());
        box.managedProperty().bind(box.visibleProperty());
        return box;
    }
}
