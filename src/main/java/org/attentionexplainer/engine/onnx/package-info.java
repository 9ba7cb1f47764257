/**
 * Reading ONNX model files: a protobuf wire-format reader for the parts of ModelProto the
 * engine needs (the graph's nodes and its initializers, the trained weights). No generated
 * code and no protobuf library; tensors stay in the file's bytes until asked for.
 */
package org.attentionexplainer.engine.onnx;
