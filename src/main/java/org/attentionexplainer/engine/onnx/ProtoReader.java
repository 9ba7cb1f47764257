package org.attentionexplainer.engine.onnx;

import java.nio.charset.StandardCharsets;

/**
 * A cursor over protobuf wire format: varints, fixed 32/64-bit values and length-delimited
 * fields inside {@code [position, end)} of a byte array. Nothing is copied: a nested message
 * is another cursor over the same array.
 */
final class ProtoReader {
    static final int VARINT = 0;
    static final int FIXED64 = 1;
    static final int LENGTH_DELIMITED = 2;
    static final int FIXED32 = 5;

    private final byte[] buffer;
    private final int end;
    private int position;
    private int tag;

    ProtoReader(byte[] buffer, int start, int end) {
        if (start < 0 || end > buffer.length || start > end) {
            throw new OnnxFormatException("a field runs past the end of the file");
        }
        this.buffer = buffer;
        this.position = start;
        this.end = end;
    }

    /** Reads the next field's tag; false at the end of the message. */
    boolean next() {
        if (position >= end) {
            return false;
        }
        long key = readVarint();
        tag = (int) key;
        if (field() == 0) {
            throw new OnnxFormatException("field number 0 at byte " + position);
        }
        return true;
    }

    int field() {
        return tag >>> 3;
    }

    int wireType() {
        return tag & 7;
    }

    long readVarint() {
        long value = 0;
        for (int shift = 0; shift < 64; shift += 7) {
            if (position >= end) {
                throw new OnnxFormatException("a number runs past the end of its message");
            }
            byte b = buffer[position++];
            value |= (long) (b & 0x7f) << shift;
            if (b >= 0) {
                return value;
            }
        }
        throw new OnnxFormatException("a number is longer than 10 bytes at byte " + position);
    }

    int readFixed32() {
        require(4);
        int v = (buffer[position] & 0xff) | (buffer[position + 1] & 0xff) << 8
                | (buffer[position + 2] & 0xff) << 16 | (buffer[position + 3] & 0xff) << 24;
        position += 4;
        return v;
    }

    long readFixed64() {
        long lo = readFixed32() & 0xffffffffL;
        long hi = readFixed32() & 0xffffffffL;
        return lo | hi << 32;
    }

    float readFloat() {
        return Float.intBitsToFloat(readFixed32());
    }

    /** The current length-delimited field as a cursor of its own; skips past it here. */
    ProtoReader readMessage() {
        int length = readLength();
        ProtoReader sub = new ProtoReader(buffer, position, position + length);
        position += length;
        return sub;
    }

    String readString() {
        int length = readLength();
        String s = new String(buffer, position, length, StandardCharsets.UTF_8);
        position += length;
        return s;
    }

    /** The current length-delimited field as {offset, length} into {@link #buffer()}. */
    int[] readSlice() {
        int length = readLength();
        int[] slice = {position, length};
        position += length;
        return slice;
    }

    byte[] buffer() {
        return buffer;
    }

    /** Reads a repeated int64 field, packed or one element at a time, into {@code into}. */
    void readInt64s(LongList into) {
        if (wireType() == LENGTH_DELIMITED) {
            ProtoReader packed = readMessage();
            while (packed.position < packed.end) {
                into.add(packed.readVarint());
            }
        } else {
            into.add(readVarint());
        }
    }

    /** Reads a repeated float field, packed or one element at a time, into {@code into}. */
    void readFloats(FloatList into) {
        if (wireType() == LENGTH_DELIMITED) {
            ProtoReader packed = readMessage();
            while (packed.position < packed.end) {
                into.add(packed.readFloat());
            }
        } else {
            into.add(readFloat());
        }
    }

    /** Skips the value of the current field. */
    void skip() {
        switch (wireType()) {
            case VARINT -> readVarint();
            case FIXED64 -> skipBytes(8);
            case LENGTH_DELIMITED -> skipBytes(readLength());
            case FIXED32 -> skipBytes(4);
            default -> throw new OnnxFormatException("unsupported protobuf wire type " + wireType()
                    + " in field " + field());
        }
    }

    private int readLength() {
        if (wireType() != LENGTH_DELIMITED) {
            throw new OnnxFormatException("field " + field() + " should be length-delimited, has wire type "
                    + wireType());
        }
        long length = readVarint();
        if (length < 0 || length > end - position) {
            throw new OnnxFormatException("field " + field() + " claims " + length + " bytes, only "
                    + (end - position) + " are left");
        }
        return (int) length;
    }

    private void skipBytes(int n) {
        require(n);
        position += n;
    }

    private void require(int n) {
        if (end - position < n) {
            throw new OnnxFormatException("a value runs past the end of its message");
        }
    }

    /** A growable list of longs. */
    static final class LongList {
        private long[] values = new long[4];
        private int size;

        void add(long v) {
            if (size == values.length) {
                values = java.util.Arrays.copyOf(values, size * 2);
            }
            values[size++] = v;
        }

        long[] toArray() {
            return java.util.Arrays.copyOf(values, size);
        }
    }

    /** A growable list of floats. */
    static final class FloatList {
        private float[] values = new float[4];
        private int size;

        void add(float v) {
            if (size == values.length) {
                values = java.util.Arrays.copyOf(values, size * 2);
            }
            values[size++] = v;
        }

        int size() {
            return size;
        }

        float[] toArray() {
            return java.util.Arrays.copyOf(values, size);
        }
    }
}
