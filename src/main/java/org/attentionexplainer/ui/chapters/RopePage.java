package org.attentionexplainer.ui.chapters;

import java.util.List;
import javafx.beans.property.DoubleProperty;
import javafx.beans.property.SimpleDoubleProperty;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.control.Slider;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.scene.shape.Circle;
import javafx.scene.shape.Line;
import org.attentionexplainer.export.AttentionFigures.MatrixRange;
import org.attentionexplainer.lesson.chapters.ChapterText;
import org.attentionexplainer.lesson.chapters.RopeChapter;
import org.attentionexplainer.render.Figure;
import org.attentionexplainer.render.HeatmapData;
import org.attentionexplainer.ui.common.Numbers;
import org.attentionexplainer.ui.common.PageLayout;
import org.attentionexplainer.ui.i18n.I18n;

/** RoPE: the base slider, the score matrix with constant diagonals against the sinusoidal one, the turning pairs. */
final class RopePage extends ChapterPage<RopeChapter> {
    /** log10 of the base: the slider moves over decades. */
    private final DoubleProperty logBase = new SimpleDoubleProperty(this, "logBase",
            Math.log10(RopeChapter.DEFAULT_BASE));

    @Override
    ChapterText text() {
        return RopeChapter.TEXT;
    }

    @Override
    void start(ChapterWork work) {
        work.saved().keepDouble("ropeLogBase", logBase, RopeChapter.MIN_LOG_BASE, RopeChapter.MAX_LOG_BASE);
        computeWith(work, () -> {
            double base = base();
            return engine -> RopeChapter.compute(engine, base);
        }, logBase);
    }

    DoubleProperty logBaseProperty() {
        return logBase;
    }

    /** The base, rounded to a whole number as models state it. */
    private double base() {
        return Math.round(Math.pow(10, logBase.get()));
    }

    @Override
    Node create(ChaptersViewModel chapters) {
        I18n i18n = chapters.i18n();
        Numbers numbers = new Numbers(i18n);
        Slider slider = new Slider(RopeChapter.MIN_LOG_BASE, RopeChapter.MAX_LOG_BASE, logBase.get());
        slider.setId("rope-base");
        slider.valueProperty().bindBidirectional(logBase);
        Label value = PageLayout.computed(i18n, "rope-base-value",
                () -> i18n.get("chapter.ui.rope.base", i18n.number(base(), 0)), logBase);
        Node controls = PageLayout.column("page-inputs", value, slider);

        var r = model();
        Node scores = Maps.control("rope-scores", Maps.figure(i18n, r, x -> scoreFigure(i18n, x)), 22);
        Label spread = PageLayout.computed(i18n, "rope-spread", () -> r.get() == null ? ""
                : i18n.get("chapter.ui.rope.spread", numbers.any(r.get().ropeSpread(), 4),
                        numbers.any(r.get().sinusoidalSpread(), 4)), r);
        FlowPane dials = new FlowPane();
        dials.setId("rope-dials");
        dials.getStyleClass().add("rope-dials");
        r.addListener((o, a, b) -> fillDials(i18n, dials, b));
        i18n.localeProperty().addListener((o, a, b) -> fillDials(i18n, dials, r.get()));
        fillDials(i18n, dials, r.get());
        answerSection("chapter.rope.relative.title", "same");
        answerSection("chapter.rope.base.title", "same");
        return layout(chapters, controls, new VBox(part(answer(chapters, scores, "same"),
                answer(chapters, spread, "same")),
                part(PageLayout.label(i18n.text("chapter.ui.rope.pairs"), "page-heading"),
                answer(chapters, dials, "angle"))));
    }

    /** Both score matrices side by side on one centred scale, so their colours compare. */
    private static Figure scoreFigure(I18n i18n, RopeChapter x) {
        List<String> pos = RopeChapter.positions();
        List<HeatmapData> maps = List.of(Maps.data(pos, pos, x.rope().matrix(), null),
                Maps.data(pos, pos, x.sinusoidal().matrix(), null));
        return Maps.grid(maps, List.of(i18n.get("chapter.ui.rope.ropePanel"), i18n.get("chapter.ui.rope.sinPanel")),
                MatrixRange.SIGNED,
                Maps.options(i18n, "chapter.ui.rope.scores", "chapter.ui.rope.legend", 2, 48)
                        .withAxes(i18n.get("chapter.ui.rope.axis.query"), i18n.get("chapter.ui.rope.axis.key")), 2);
    }

    private static void fillDials(I18n i18n, FlowPane pane, RopeChapter x) {
        pane.getChildren().clear();
        if (x == null) {
            return;
        }
        for (int j = 0; j < RopeChapter.HEAD_DIM / 2; j++) {
            float[][] points = new float[RopeChapter.POSITIONS][];
            for (int p = 0; p < RopeChapter.POSITIONS; p++) {
                points[p] = RopeChapter.pair(x.rotatedQ(), p, j);
            }
            Label caption = PageLayout.line(i18n.get("chapter.ui.rope.pair", j + 1, i18n.number(x.angle(j), 4),
                    i18n.number(x.wavelength(j), 1)), "page-caption");
            caption.setWrapText(true);
            caption.setMaxWidth(Region.USE_PREF_SIZE);
            VBox box = new VBox(new Dial(points), caption);
            box.getStyleClass().add("rope-dial-box");
            box.setId("rope-dial-" + (j + 1));
            pane.getChildren().add(box);
        }
    }

    /**
     * One pair of the query drawn as arrows from the centre, one per position, on a circle of the
     * longest arrow's length; the first position is drawn darkest. Sized by its style class.
     */
    private static final class Dial extends Region {
        private final float[][] points;
        private final Circle circle = new Circle();
        private final Line[] arrows;

        Dial(float[][] points) {
            this.points = points;
            getStyleClass().add("rope-dial");
            circle.getStyleClass().add("rope-dial-circle");
            getChildren().add(circle);
            arrows = new Line[points.length];
            for (int p = points.length - 1; p >= 0; p--) {
                arrows[p] = new Line();
                arrows[p].getStyleClass().add("rope-dial-arrow");
                // later positions fade, so the turning reads from dark to light
                arrows[p].setOpacity(1.0 - 0.6 * p / Math.max(1, points.length - 1));
                getChildren().add(arrows[p]);
            }
        }

        @Override
        protected void layoutChildren() {
            double cx = getWidth() / 2;
            double cy = getHeight() / 2;
            double radius = Math.max(1, Math.min(cx, cy) - 4);
            double longest = 0;
            for (float[] p : points) {
                longest = Math.max(longest, Math.hypot(p[0], p[1]));
            }
            double scale = longest == 0 ? 0 : radius / longest;
            circle.setCenterX(cx);
            circle.setCenterY(cy);
            circle.setRadius(radius);
            for (int p = 0; p < points.length; p++) {
                arrows[p].setStartX(cx);
                arrows[p].setStartY(cy);
                arrows[p].setEndX(cx + points[p][0] * scale);
                // screen y grows downwards; angles turn counter-clockwise as in the formula
                arrows[p].setEndY(cy - points[p][1] * scale);
            }
        }
    }
}
