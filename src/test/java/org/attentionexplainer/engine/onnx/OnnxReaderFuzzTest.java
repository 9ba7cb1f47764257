package org.attentionexplainer.engine.onnx;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.util.ArrayList;
import java.util.List;
import org.attentionexplainer.fuzz.ReaderContract;
import org.junit.jupiter.api.AfterAll;

/**
 * The ONNX reader on any bytes, and every tensor of what it returns read as the model
 * importer reads them (shape, element count, values, scalar constants): the reader decodes
 * tensors lazily, so a damaged tensor may only show there. Seeds and past findings:
 * {@code OnnxReaderFuzzTestInputs/} in the test resources.
 */
class OnnxReaderFuzzTest {
    private static final ReaderContract CONTRACT = new ReaderContract("ONNX reader", OnnxFormatException.class);

    @FuzzTest(maxDuration = "2h")
    void anyBytesGiveAModelOrOneLine(byte[] data) throws Exception {
        CONTRACT.read(() -> readEverything(data), model -> { });
    }

    /** The model and everything in it that the importer can ask for. */
    private static OnnxModel readEverything(byte[] data) {
        OnnxModel model = OnnxReader.read(data);
        List<OnnxTensor> tensors = new ArrayList<>(model.initializers().values());
        for (OnnxNode node : model.nodes()) {
            node.attributes().values().stream().map(OnnxAttribute::t).filter(t -> t != null).forEach(tensors::add);
            for (String output : node.outputs()) {
                model.constant(output);
                model.consumersOf(output);
            }
            for (String input : node.inputs()) {
                model.constant(input);
                model.producerOf(input);
            }
        }
        for (OnnxTensor t : tensors) {
            t.dims();
            t.elementCount();
            t.shape();
            if (t.dataType() == OnnxTensor.FLOAT) {
                t.floats();
                t.toTensor();
            } else if (t.dataType() == OnnxTensor.INT64) {
                t.longs();
            }
        }
        return model;
    }

    @AfterAll
    static void report() {
        System.out.println(CONTRACT.summary());
    }
}
