"""Writes src/test/resources/onnx/tiny.onnx with the official onnx package (python3-onnx),
an encoder independent of the project's own protobuf reader. OnnxReaderTest expects exactly
the values written here.

Run: /usr/bin/python3 src/test/python/make_tiny_onnx.py
"""
import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper

# y = x @ W + b, then Div by a Constant 2.0, then Transpose with perm [1, 0]
w = np.array([[1.0, -2.0, 3.5], [0.25, 0.0, -1.5]], dtype=np.float32)      # (2, 3), raw_data
b = helper.make_tensor("layer.bias", TensorProto.FLOAT, [3], [0.5, -0.5, 1e-12])  # float_data
ids = numpy_helper.from_array(np.array([[0, 1, 2, 511]], dtype=np.int64), "position_ids")  # raw int64
w_init = numpy_helper.from_array(w, "onnx::MatMul_7")

nodes = [
    helper.make_node("MatMul", ["x", "onnx::MatMul_7"], ["mm"], name="/layer/MatMul"),
    helper.make_node("Add", ["layer.bias", "mm"], ["sum"], name="/layer/Add"),
    helper.make_node("Constant", [], ["two"], name="/c",
                     value=helper.make_tensor("two", TensorProto.FLOAT, [], [2.0])),
    helper.make_node("Div", ["sum", "two"], ["half"], name="/Div"),
    helper.make_node("Transpose", ["half"], ["y"], name="/T", perm=[1, 0]),
]
graph = helper.make_graph(
    nodes, "tiny",
    [helper.make_tensor_value_info("x", TensorProto.FLOAT, ["n", 2])],
    [helper.make_tensor_value_info("y", TensorProto.FLOAT, [3, "n"])],
    [w_init, b, ids])
model = helper.make_model(graph, producer_name="tiny-writer", producer_version="1.0",
                          opset_imports=[helper.make_opsetid("", 11)])
model.ir_version = 6
model.doc_string = "a doc string the reader must skip"
onnx.checker.check_model(model)
onnx.save(model, "src/test/resources/onnx/tiny.onnx")
print("wrote", len(model.SerializeToString()), "bytes")
