package org.attentionexplainer.engine.model;

/** The dtypes of safetensors: their sizes, and the decoding of the three floating-point ones weights use. */
final class Dtype {
    private Dtype() {
    }

    /** Bytes per value, or 0 for a name safetensors does not define. */
    static int size(String dtype) {
        return switch (dtype) {
            case "F64", "I64", "U64", "C64" -> 8;
            case "F32", "I32", "U32" -> 4;
            case "F16", "BF16", "I16", "U16" -> 2;
            case "I8", "U8", "BOOL", "F8_E4M3", "F8_E5M2", "F8_E8M0" -> 1;
            default -> 0;
        };
    }

    /** Bytes per value of a dtype read as weights, or 0 if it is not one. */
    static int floatWidth(String dtype) {
        return switch (dtype) {
            case "F32" -> 4;
            case "F16", "BF16" -> 2;
            default -> 0;
        };
    }

    /** n 16-bit values (F16 or BF16) as float32. */
    static void decode(short[] bits, float[] into, int n, String dtype) {
        if (dtype.equals("BF16")) {
            for (int i = 0; i < n; i++) {
                into[i] = Float.intBitsToFloat((bits[i] & 0xffff) << 16);
            }
        } else {
            for (int i = 0; i < n; i++) {
                into[i] = halfToFloat(bits[i]);
            }
        }
    }

    /** IEEE 754 binary16 to float32, exactly (Java 17 has no Float.float16ToFloat). */
    static float halfToFloat(short half) {
        int h = half & 0xffff;
        int sign = (h & 0x8000) << 16;
        int exponent = (h >>> 10) & 0x1f;
        int mantissa = h & 0x3ff;
        if (exponent == 0x1f) {
            return Float.intBitsToFloat(sign | 0x7f800000 | (mantissa << 13));         // infinity or NaN
        }
        if (exponent == 0) {
            float magnitude = mantissa * 0x1p-24f;                                       // zero or subnormal
            return sign == 0 ? magnitude : -magnitude;
        }
        return Float.intBitsToFloat(sign | ((exponent + 112) << 23) | (mantissa << 13));
    }
}
