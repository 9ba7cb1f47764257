package org.attentionexplainer.ui.export;

import java.io.IOException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import javafx.application.Platform;
import javafx.geometry.Insets;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressBar;
import javafx.scene.layout.VBox;
import javafx.stage.Modality;
import javafx.stage.Stage;
import javafx.stage.Window;
import org.attentionexplainer.export.BatchExporter;
import org.attentionexplainer.ui.i18n.I18n;

/** A batch export on its own thread, with a window showing the file being written and a Cancel button. */
final class ExportProgress {
    /** The job: writes the files, reporting each, and stops early when asked. */
    interface Job {
        BatchExporter.Result run(BatchExporter.Progress progress, BooleanSupplier cancelled) throws IOException;
    }

    private final I18n i18n;
    private final Window owner;

    ExportProgress(I18n i18n, Window owner) {
        this.i18n = i18n;
        this.owner = owner;
    }

    /** Starts {@code job}; {@code done} or {@code failed} is called on the FX thread once it ends. */
    void run(Job job, Consumer<BatchExporter.Result> done, Consumer<Throwable> failed) {
        AtomicBoolean cancelled = new AtomicBoolean();
        ProgressBar bar = new ProgressBar(0);
        bar.setId("export-progress");
        bar.setPrefWidth(320);
        Label status = new Label(i18n.get("export.progress.start"));
        Button cancel = new Button(i18n.get("export.progress.cancel"));
        cancel.setId("export-cancel");
        cancel.setOnAction(e -> cancelled.set(true));
        VBox box = new VBox(10, status, bar, cancel);
        box.setPadding(new Insets(16));
        Stage window = new Stage();
        window.initOwner(owner);
        window.initModality(Modality.WINDOW_MODAL);
        window.setTitle(i18n.get("export.dialog.heads"));
        window.setScene(new Scene(box));
        if (owner != null && owner.getScene() != null) {
            window.getScene().getStylesheets().setAll(owner.getScene().getStylesheets());
        }
        window.show();
        Thread worker = new Thread(() -> {
            try {
                BatchExporter.Result r = job.run((n, total, file) -> Platform.runLater(() -> {
                    bar.setProgress(n / (double) total);
                    status.setText(i18n.get("export.progress.file", n, total, file.getFileName()));
                }), cancelled::get);
                Platform.runLater(() -> {
                    window.close();
                    done.accept(r);
                });
            } catch (IOException | RuntimeException | OutOfMemoryError e) {
                Platform.runLater(() -> {
                    window.close();
                    failed.accept(e);
                });
            }
        }, "export-all");
        worker.setDaemon(true);
        worker.start();
    }
}
