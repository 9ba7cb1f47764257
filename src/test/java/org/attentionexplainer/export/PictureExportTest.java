package org.attentionexplainer.export;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import javax.imageio.ImageIO;
import javax.imageio.ImageReader;
import javax.imageio.metadata.IIOMetadataNode;
import javax.imageio.stream.ImageInputStream;
import javax.xml.parsers.DocumentBuilderFactory;
import org.attentionexplainer.i18n.Localization;
import org.attentionexplainer.engine.AttentionEngine;
import org.attentionexplainer.engine.AttentionSpec;
import org.attentionexplainer.engine.AttentionTrace;
import org.attentionexplainer.engine.Scale;
import org.attentionexplainer.engine.Tensor;
import org.attentionexplainer.render.ColorMap;
import org.attentionexplainer.render.Drawing;
import org.attentionexplainer.render.Figure;
import org.attentionexplainer.render.Stage;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;
import org.w3c.dom.NodeList;

/** PNG and SVG of the course's "Hello shiny sun" map: sizes, DPI, text as text, the same picture. */
class PictureExportTest {
    private static AttentionTrace trace;
    private static AttentionFigures figures;

    @TempDir
    Path dir;

    @BeforeAll
    static void compute() {
        System.setProperty("java.awt.headless", "true");
        Tensor x = Tensor.of(new float[] {0.34f, 0.22f, 0.54f, 0.53f, 0.34f, 0.98f, 0.29f, 0.54f, 0.93f}, 3, 3);
        AttentionSpec spec = AttentionSpec.builder(x).tokens(List.of("Hello", "shiny", "sun")).scale(Scale.none())
                .build();
        trace = new AttentionEngine().compute(spec);
        figures = new AttentionFigures(Localization.of(Locale.ENGLISH));
    }

    static ExportRequest request(Set<ExportFormat> formats, Resolution res) {
        return new ExportRequest(formats, Stage.WEIGHTS, List.of(), false, ColorMap.VIRIDIS, false, true,
                FigureParts.ALL, "1 heads · scale 1 · T = 1.00", res);
    }

    private static BufferedImage decode(byte[] png) throws Exception {
        return ImageIO.read(new ByteArrayInputStream(png));
    }

    private static byte[] png(Drawing d, Resolution r) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        PngWriter.write(d, r, out);
        return out.toByteArray();
    }

    @Test
    void twiceTheScaleIsExactlyTwiceThePixels() throws Exception {
        Drawing d = FigureFiles.draw(figures.head(trace, 0, request(Set.of(ExportFormat.PNG), Resolution.times(1))));
        BufferedImage one = decode(png(d, Resolution.times(1)));
        for (int k = 2; k <= 4; k++) {
            BufferedImage big = decode(png(d, Resolution.times(k)));
            assertEquals(k * one.getWidth(), big.getWidth());
            assertEquals(k * one.getHeight(), big.getHeight());
        }
        assertEquals((int) Math.ceil(d.width()), one.getWidth());
    }

    @Test
    void ourEncoderWritesWhatImageIoReadsBackPixelForPixel() throws Exception {
        Drawing d = FigureFiles.draw(figures.head(trace, 0, request(Set.of(ExportFormat.PNG), Resolution.times(1))));
        BufferedImage painted = PngWriter.image(d, Resolution.times(1));
        BufferedImage read = decode(png(d, Resolution.times(1)));
        int w = painted.getWidth();
        int h = painted.getHeight();
        assertArrayEquals(painted.getRGB(0, 0, w, h, null, 0, w), read.getRGB(0, 0, w, h, null, 0, w));
    }

    @Test
    void aDpiIsRecordedAsPixelsPerMetre() throws Exception {
        Drawing d = FigureFiles.draw(figures.head(trace, 0, request(Set.of(ExportFormat.PNG), Resolution.times(1))));
        byte[] bytes = png(d, Resolution.dpi(300));
        try (ImageInputStream in = ImageIO.createImageInputStream(new ByteArrayInputStream(bytes))) {
            ImageReader reader = ImageIO.getImageReaders(in).next();
            reader.setInput(in);
            IIOMetadataNode root = (IIOMetadataNode) reader.getImageMetadata(0).getAsTree("javax_imageio_png_1.0");
            IIOMetadataNode phys = (IIOMetadataNode) root.getElementsByTagName("pHYs").item(0);
            // 300 dots per inch / 0.0254 m per inch = 11811.02 per metre
            assertEquals("11811", phys.getAttribute("pixelsPerUnitXAxis"));
            assertEquals("meter", phys.getAttribute("unitSpecifier"));
            assertEquals((int) Math.ceil(d.width() * 300 / 96.0 - 1e-9), reader.getWidth(0));
        }
    }

    private static Document parse(String svg) throws Exception {
        DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
        f.setFeature("http://apache.org/xml/features/nonvalidating/load-external-dtd", false);
        f.setNamespaceAware(true);
        return f.newDocumentBuilder().parse(new ByteArrayInputStream(svg.getBytes(java.nio.charset.StandardCharsets.UTF_8)));
    }

    @Test
    void svgIsXmlWithTheTokenLabelsAsText() throws Exception {
        Figure f = figures.head(trace, 0, request(Set.of(ExportFormat.SVG), Resolution.times(1)));
        Document doc = parse(SvgWriter.svg(FigureFiles.draw(f)));
        NodeList texts = doc.getElementsByTagNameNS("http://www.w3.org/2000/svg", "text");
        List<String> words = new ArrayList<>();
        for (int i = 0; i < texts.getLength(); i++) {
            words.add(texts.item(i).getTextContent());
        }
        for (String token : List.of("Hello", "shiny", "sun")) {
            assertEquals(2, words.stream().filter(token::equals).count(), "row and column label " + token);
        }
        assertTrue(words.contains("Weights, head 1"), words.toString());
        assertTrue(words.contains("1 heads · scale 1 · T = 1.00"), words.toString());
        // 0.4063, the published weight of "shiny" on itself (unscaled scores)
        assertTrue(words.contains("0.41"), words.toString());
        assertEquals(0, doc.getElementsByTagNameNS("http://www.w3.org/2000/svg", "image").getLength() - 1,
                "only the colour bar is an image; cells are rectangles");
    }

    @Test
    void rsvgRendersTheSvgAtTheSizeOfThePng() throws Exception {
        File rsvg = new File("/usr/bin/rsvg-convert");
        assumeTrue(rsvg.canExecute(), "rsvg-convert is not installed");
        Figure f = figures.head(trace, 0, request(Set.of(ExportFormat.SVG), Resolution.times(1)));
        Drawing d = FigureFiles.draw(f);
        Path svg = dir.resolve("map.svg");
        Path out = dir.resolve("map.png");
        Files.writeString(svg, SvgWriter.svg(d));
        Process p = new ProcessBuilder(rsvg.getPath(), "-o", out.toString(), svg.toString()).redirectErrorStream(true)
                .start();
        assertTrue(p.waitFor(30, TimeUnit.SECONDS));
        assertEquals(0, p.exitValue(), new String(p.getInputStream().readAllBytes()));
        BufferedImage fromSvg = ImageIO.read(out.toFile());
        BufferedImage fromPng = PngWriter.image(d, Resolution.times(1));
        assertEquals(fromPng.getWidth(), fromSvg.getWidth());
        assertEquals(fromPng.getHeight(), fromSvg.getHeight());
        // the centre of the "shiny"-on-"shiny" cell has the same colour in both (fonts may differ, cells may not)
        assertEquals(0, colourDistance(fromPng, fromSvg, d), 6);
    }

    /** Largest channel difference over the centres of a few cells: sampled where no text is. */
    private static int colourDistance(BufferedImage a, BufferedImage b, Drawing d) {
        int worst = 0;
        for (var m : d.marks()) {
            if (m instanceof org.attentionexplainer.render.Mark.Raster r) {
                if (r.cols() > 1 && r.rows() > 1) {
                    double cw = r.w() / r.cols();
                    double ch = r.h() / r.rows();
                    int x = (int) (r.x() + 0.15 * cw);
                    int y = (int) (r.y() + 0.15 * ch);
                    worst = Math.max(worst, diff(a.getRGB(x, y), b.getRGB(x, y)));
                }
            } else if (m instanceof org.attentionexplainer.render.Mark.Rect rect && rect.w() > 20 && rect.h() > 20
                    && (rect.fill() >>> 24) == 0xff) {
                int x = (int) (rect.x() + 0.15 * rect.w());
                int y = (int) (rect.y() + 0.15 * rect.h());
                worst = Math.max(worst, diff(a.getRGB(x, y), b.getRGB(x, y)));
            }
        }
        return worst;
    }

    private static int diff(int p, int q) {
        int worst = 0;
        for (int shift = 0; shift <= 16; shift += 8) {
            worst = Math.max(worst, Math.abs(((p >> shift) & 0xff) - ((q >> shift) & 0xff)));
        }
        return worst;
    }
}
