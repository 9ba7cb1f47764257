package org.attentionexplainer.engine.onnx;

/** The bytes are not an ONNX model this reader understands; the message says why in one line. */
public class OnnxFormatException extends RuntimeException {
    public OnnxFormatException(String message) {
        super(message);
    }
}
