package org.attentionexplainer.ui.heatmap;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import javafx.application.Platform;
import javafx.scene.SnapshotParameters;
import javafx.scene.canvas.Canvas;
import javafx.scene.image.PixelFormat;
import javafx.scene.image.WritableImage;
import javafx.scene.paint.Color;
import org.attentionexplainer.render.Drawing;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxToolkit;

/**
 * A painter that paints a new picture over its last one writes the new colours into the last
 * picture's images of the same size: the picture must be the one a fresh painter makes.
 */
class FxPainterReuseTest {
    private static final int W = 40;
    private static final int H = 30;

    @BeforeAll
    static void toolkit() throws Exception {
        FxToolkit.registerPrimaryStage();
    }

    /**
     * Maps of 4 x 3 and 2 x 2 cells, and one of 8 x 6 cells drawn into 4 x 3 pixels (sampled), whose
     * colours come from {@code seed}.
     */
    private static Drawing picture(int seed) {
        int[] a = new int[12];
        for (int i = 0; i < a.length; i++) {
            a[i] = 0xff000000 | (seed * 0x10101 + i * 0x0d2f41) & 0xffffff;
        }
        int[] b = {0xff000000 | seed * 0x030507, 0, 0xffffffff, 0xff000000 | seed * 0x112233 & 0xffffff};
        int[] c = new int[48];
        for (int i = 0; i < c.length; i++) {
            c[i] = 0xff000000 | (seed * 0x0a0b0c + i * 0x050301) & 0xffffff;
        }
        return new Drawing.Builder()
                .rect(0, 0, W, H, 0xfff7f8fa)
                .raster(2, 2, 16, 12, 4, 3, a)
                .raster(24, 2, 8, 8, 2, 2, b)
                .raster(2, 20, 4, 3, 8, 6, c)
                .build(W, H, 0xfff7f8fa, "SansSerif");
    }

    @Test
    void aRecolouredPictureIsTheOneAFreshPainterMakes() throws Exception {
        int[] reused = onFx(() -> {
            Canvas canvas = new Canvas(W, H);
            FxPainter painter = new FxPainter();
            for (int seed = 1; seed <= 4; seed++) {
                canvas.getGraphicsContext2D().clearRect(0, 0, W, H);
                painter.paint(picture(seed), canvas.getGraphicsContext2D());
            }
            return pixels(canvas);
        });
        int[] fresh = onFx(() -> {
            Canvas canvas = new Canvas(W, H);
            new FxPainter().paint(picture(4), canvas.getGraphicsContext2D());
            return pixels(canvas);
        });
        int[] first = onFx(() -> {
            Canvas canvas = new Canvas(W, H);
            new FxPainter().paint(picture(1), canvas.getGraphicsContext2D());
            return pixels(canvas);
        });
        assertArrayEquals(fresh, reused);
        // the check means something only if the pictures differ
        assertNotEquals(java.util.Arrays.toString(first), java.util.Arrays.toString(fresh));
    }

    @Test
    void aPictureThatShowsTheSameMapTwiceStillShowsBoth() throws Exception {
        int[] cells = {0xffff0000, 0xff00ff00, 0xff0000ff, 0xff000000};
        org.attentionexplainer.render.Cells shared = org.attentionexplainer.render.Cells.of(cells);
        Drawing twice = new Drawing.Builder()
                .rect(0, 0, W, H, 0xffffffff)
                .raster(0, 0, 8, 8, 2, 2, shared)
                .raster(20, 10, 8, 8, 2, 2, shared)
                .build(W, H, 0xffffffff, "SansSerif");
        Drawing other = new Drawing.Builder()
                .rect(0, 0, W, H, 0xffffffff)
                .raster(0, 0, 8, 8, 2, 2, new int[] {0xff101010, 0xff202020, 0xff303030, 0xff404040})
                .raster(20, 10, 8, 8, 2, 2, new int[] {0xff505050, 0xff606060, 0xff707070, 0xff808080})
                .build(W, H, 0xffffffff, "SansSerif");
        int[] reused = onFx(() -> {
            Canvas canvas = new Canvas(W, H);
            FxPainter painter = new FxPainter();
            painter.paint(other, canvas.getGraphicsContext2D());
            canvas.getGraphicsContext2D().clearRect(0, 0, W, H);
            painter.paint(twice, canvas.getGraphicsContext2D());
            return pixels(canvas);
        });
        int[] fresh = onFx(() -> {
            Canvas canvas = new Canvas(W, H);
            new FxPainter().paint(twice, canvas.getGraphicsContext2D());
            return pixels(canvas);
        });
        assertArrayEquals(fresh, reused);
    }

    private static int[] pixels(Canvas canvas) {
        SnapshotParameters p = new SnapshotParameters();
        p.setFill(Color.TRANSPARENT);
        WritableImage img = canvas.snapshot(p, null);
        int w = (int) img.getWidth();
        int h = (int) img.getHeight();
        int[] out = new int[w * h];
        img.getPixelReader().getPixels(0, 0, w, h, PixelFormat.getIntArgbInstance(), out, 0, w);
        return out;
    }

    private static int[] onFx(java.util.function.Supplier<int[]> task) throws Exception {
        CompletableFuture<int[]> done = new CompletableFuture<>();
        Platform.runLater(() -> {
            try {
                done.complete(task.get());
            } catch (Throwable t) {
                done.completeExceptionally(t);
            }
        });
        return done.get(30, TimeUnit.SECONDS);
    }
}
