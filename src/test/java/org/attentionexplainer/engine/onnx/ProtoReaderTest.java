package org.attentionexplainer.engine.onnx;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Byte sequences worked out by hand from the protobuf encoding guide. */
class ProtoReaderTest {

    private static ProtoReader reader(int... bytes) {
        byte[] b = new byte[bytes.length];
        for (int i = 0; i < bytes.length; i++) {
            b[i] = (byte) bytes[i];
        }
        return new ProtoReader(b, 0, b.length);
    }

    @Test
    void varintOf150InFieldOne() {
        // the guide's example: field 1, varint 150 = 08 96 01
        ProtoReader r = reader(0x08, 0x96, 0x01);
        assertTrue(r.next());
        assertEquals(1, r.field());
        assertEquals(ProtoReader.VARINT, r.wireType());
        assertEquals(150, r.readVarint());
        assertFalse(r.next());
    }

    @Test
    void negativeInt64TakesTenBytes() {
        ProtoReader r = reader(0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01);
        assertEquals(-1L, r.readVarint());
    }

    @Test
    void packedAndUnpackedRepeatedIntsReadAlike() {
        // field 1 packed: 0a 03 03 8e 02  -> [3, 270]; then unpacked 08 05 -> [5]
        ProtoReader r = reader(0x0a, 0x03, 0x03, 0x8e, 0x02, 0x08, 0x05);
        ProtoReader.LongList values = new ProtoReader.LongList();
        while (r.next()) {
            r.readInt64s(values);
        }
        assertArrayEquals(new long[] {3, 270, 5}, values.toArray());
    }

    @Test
    void fixed32FloatAndStringAndSkippedFields() {
        // field 2 fixed32 1.5f (0x3fc00000, little-endian), field 3 "hi", field 4 fixed64 (skipped)
        ProtoReader r = reader(0x15, 0x00, 0x00, 0xc0, 0x3f, 0x1a, 0x02, 'h', 'i',
                0x21, 1, 2, 3, 4, 5, 6, 7, 8, 0x28, 0x01);
        assertTrue(r.next());
        assertEquals(1.5f, r.readFloat());
        assertTrue(r.next());
        assertEquals("hi", r.readString());
        assertTrue(r.next());
        assertEquals(4, r.field());
        r.skip();
        assertTrue(r.next());
        assertEquals(5, r.field());
        assertEquals(1, r.readVarint());
    }

    @Test
    void lengthPastTheEndIsAnError() {
        ProtoReader r = reader(0x0a, 0x05, 'a', 'b');
        assertTrue(r.next());
        OnnxFormatException e = assertThrows(OnnxFormatException.class, r::readString);
        assertTrue(e.getMessage().contains("5 bytes"), e.getMessage());
    }

    @Test
    void groupsAreRejected() {
        ProtoReader r = reader(0x0b);
        assertTrue(r.next());
        assertThrows(OnnxFormatException.class, r::skip);
    }
}
