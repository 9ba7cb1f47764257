package org.attentionexplainer.engine;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * NumPy's {@code .npy} format (versions 1.0, 2.0 and 3.0). Reads float32/float64 and integer
 * or boolean arrays (as float32), in C order, either byte order; writes float32, version 1.0.
 * Every size is checked against the file before anything is allocated, so a corrupt or
 * hostile file gives a clear error rather than an OutOfMemoryError.
 */
public final class Npy {
    /** The largest array read by default: 256 Mi values (1 GiB of float32). */
    public static final long DEFAULT_MAX_VALUES = 256L << 20;
    private static final int MAX_HEADER = 1 << 16;
    private static final byte[] MAGIC = {(byte) 0x93, 'N', 'U', 'M', 'P', 'Y'};
    private static final Pattern DESCR = Pattern.compile("'descr'\\s*:\\s*'([^']*)'");
    private static final Pattern FORTRAN = Pattern.compile("'fortran_order'\\s*:\\s*(True|False)");
    private static final Pattern SHAPE = Pattern.compile("'shape'\\s*:\\s*\\(([^)]*)\\)");

    private Npy() {
    }

    public static Tensor read(Path path) throws IOException {
        return read(path, DEFAULT_MAX_VALUES);
    }

    public static Tensor read(Path path, long maxValues) throws IOException {
        String shown = MessageText.name(path.toString());
        long fileSize;
        try {
            fileSize = Files.size(path);
        } catch (NoSuchFileException e) {
            throw new UnusableFile(shown, "engine.file.noSuchFile");
        } catch (AccessDeniedException e) {
            throw new UnusableFile(shown, "engine.file.denied");
        } catch (FileSystemException e) {
            throw cannotRead(shown, e);
        }
        if (Files.isDirectory(path)) {
            throw new UnusableFile(shown, "engine.npy.folder");
        }
        try (InputStream in = Files.newInputStream(path)) {
            return read(in, fileSize, maxValues, shown);
        } catch (AccessDeniedException e) {
            throw new UnusableFile(shown, "engine.file.denied");
        } catch (FileSystemException e) {
            throw cannotRead(shown, e);
        }
    }

    private static UnusableFile cannotRead(String shown, FileSystemException e) {
        return e.getReason() == null ? new UnusableFile(shown, "engine.file.cannotRead")
                : new UnusableFile(shown, "engine.file.cannotReadBecause", e.getReason());
    }

    /** Reads from a stream of known total length (use -1 if unknown). */
    public static Tensor read(InputStream in, long totalBytes, long maxValues, String name) throws IOException {
        byte[] magic = in.readNBytes(8);
        if (magic.length < 8 || !startsWithMagic(magic)) {
            throw new UnusableFile(name, "engine.npy.notNpy");
        }
        int major = magic[6];
        int headerLen;
        int prefix;
        if (major == 1) {
            byte[] len = in.readNBytes(2);
            if (len.length < 2) {
                throw new UnusableFile(name, "engine.npy.truncatedHeader");
            }
            headerLen = ByteBuffer.wrap(len).order(ByteOrder.LITTLE_ENDIAN).getShort() & 0xFFFF;
            prefix = 10;
        } else if (major == 2 || major == 3) {
            byte[] len = in.readNBytes(4);
            if (len.length < 4) {
                throw new UnusableFile(name, "engine.npy.truncatedHeader");
            }
            headerLen = ByteBuffer.wrap(len).order(ByteOrder.LITTLE_ENDIAN).getInt();
            prefix = 12;
        } else {
            throw new UnusableFile(name, "engine.npy.version", String.valueOf(major));
        }
        if (headerLen < 0 || headerLen > MAX_HEADER) {
            throw new UnusableFile(name, "engine.npy.headerLength", String.valueOf(headerLen));
        }
        byte[] headerBytes = in.readNBytes(headerLen);
        if (headerBytes.length < headerLen) {
            throw new UnusableFile(name, "engine.npy.truncatedHeader");
        }
        String header = new String(headerBytes, major == 3 ? StandardCharsets.UTF_8 : StandardCharsets.ISO_8859_1);
        String descr = match(DESCR, header, name, "descr");
        if ("True".equals(match(FORTRAN, header, name, "fortran_order"))) {
            throw new UnusableFile(name, "engine.npy.fortran");
        }
        int[] shape = parseShape(match(SHAPE, header, name, "shape"), name);
        long count = 1;
        for (int d : shape) {
            count *= d;
            if (count > maxValues) {
                throw new UnusableFile(name, "engine.npy.tooManyValues", Tensor.describe(shape),
                        String.valueOf(maxValues));
            }
        }
        DType type = DType.parse(descr, name);
        long dataBytes = count * type.size;
        if (totalBytes >= 0 && totalBytes - prefix - headerLen < dataBytes) {
            throw new UnusableFile(name, "engine.npy.truncatedData", Tensor.describe(shape),
                    MessageText.quote(descr), String.valueOf(dataBytes), String.valueOf(totalBytes - prefix - headerLen));
        }
        if (dataBytes > Integer.MAX_VALUE - 8) {
            // within the value limit, 8-byte values can still pass what one Java array holds
            throw new UnusableFile(name, "engine.npy.beyondOneRead", Tensor.describe(shape),
                    MessageText.quote(descr), String.valueOf(dataBytes));
        }
        byte[] raw = in.readNBytes(Math.toIntExact(dataBytes));
        if (raw.length < dataBytes) {
            throw new UnusableFile(name, "engine.npy.truncated");
        }
        return Tensor.wrap(type.decode(ByteBuffer.wrap(raw).order(type.order), (int) count), shape);
    }

    /** Writes float32, version 1.0, C order, to a temporary file first and then moves it in place. */
    public static void write(Path path, Tensor tensor) throws IOException {
        Path dir = path.toAbsolutePath().getParent();
        Path tmp = Files.createTempFile(dir, "." + path.getFileName(), ".part");
        try {
            try (OutputStream out = Files.newOutputStream(tmp)) {
                write(out, tensor);
            }
            Files.move(tmp, path, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } finally {
            Files.deleteIfExists(tmp);
        }
    }

    public static void write(OutputStream out, Tensor tensor) throws IOException {
        StringBuilder shape = new StringBuilder("(");
        int[] dims = tensor.shape();
        for (int i = 0; i < dims.length; i++) {
            shape.append(i == 0 ? "" : ", ").append(dims[i]);
        }
        shape.append(dims.length == 1 ? ",)" : ")");
        String dict = "{'descr': '<f4', 'fortran_order': False, 'shape': " + shape + ", }";
        int unpadded = 10 + dict.length() + 1;
        int padding = (64 - unpadded % 64) % 64;
        String header = dict + " ".repeat(padding) + "\n";
        byte[] headerBytes = header.getBytes(StandardCharsets.ISO_8859_1);
        ByteBuffer prefix = ByteBuffer.allocate(10).order(ByteOrder.LITTLE_ENDIAN);
        prefix.put(MAGIC).put((byte) 1).put((byte) 0).putShort((short) headerBytes.length);
        out.write(prefix.array());
        out.write(headerBytes);
        float[] data = tensor.data();
        ByteBuffer body = ByteBuffer.allocate(Math.min(data.length, 1 << 16) * 4).order(ByteOrder.LITTLE_ENDIAN);
        for (int i = 0; i < data.length; ) {
            body.clear();
            while (i < data.length && body.remaining() >= 4) {
                body.putFloat(data[i++]);
            }
            out.write(body.array(), 0, body.position());
        }
    }

    private static boolean startsWithMagic(byte[] b) {
        for (int i = 0; i < MAGIC.length; i++) {
            if (b[i] != MAGIC[i]) {
                return false;
            }
        }
        return true;
    }

    private static String match(Pattern p, String header, String name, String key) throws IOException {
        Matcher m = p.matcher(header);
        if (!m.find()) {
            throw new UnusableFile(name, "engine.npy.headerField", key);
        }
        return m.group(1);
    }

    private static int[] parseShape(String text, String name) throws IOException {
        String[] parts = text.split(",");
        int n = 0;
        int[] dims = new int[parts.length];
        for (String part : parts) {
            String s = part.trim().replace("L", "");
            if (s.isEmpty()) {
                continue;
            }
            try {
                long d = Long.parseLong(s);
                if (d < 0 || d > Integer.MAX_VALUE) {
                    throw new UnusableFile(name, "engine.npy.dimensionRange", MessageText.quote(s));
                }
                dims[n++] = (int) d;
            } catch (NumberFormatException e) {
                throw new UnusableFile(name, "engine.npy.dimensionText", MessageText.quote(s));
            }
        }
        return java.util.Arrays.copyOf(dims, n);
    }

    private enum DType {
        F4(4), F8(8), I1(1), U1(1), B1(1), I2(2), I4(4), I8(8);

        final int size;
        ByteOrder order = ByteOrder.LITTLE_ENDIAN;

        DType(int size) {
            this.size = size;
        }

        static DType parse(String descr, String name) throws IOException {
            if (descr.length() < 3) {
                throw new UnusableFile(name, "engine.npy.dtypeShort", MessageText.quote(descr));
            }
            char endian = descr.charAt(0);
            DType t = switch (descr.substring(1)) {
                case "f4" -> F4;
                case "f8" -> F8;
                case "i1" -> I1;
                case "u1" -> U1;
                case "b1" -> B1;
                case "i2" -> I2;
                case "i4" -> I4;
                case "i8" -> I8;
                default -> throw new UnusableFile(name, "engine.npy.dtype", MessageText.quote(descr));
            };
            if (endian == '>' && t.size > 1) {
                throw new UnusableFile(name, "engine.npy.bigEndian", descr.substring(1));
            }
            return t;
        }

        float[] decode(ByteBuffer buf, int count) {
            float[] out = new float[count];
            for (int i = 0; i < count; i++) {
                out[i] = switch (this) {
                    case F4 -> buf.getFloat();
                    case F8 -> (float) buf.getDouble();
                    case I1 -> buf.get();
                    case U1, B1 -> buf.get() & 0xFF;
                    case I2 -> buf.getShort();
                    case I4 -> buf.getInt();
                    case I8 -> buf.getLong();
                };
            }
            return out;
        }
    }
}
