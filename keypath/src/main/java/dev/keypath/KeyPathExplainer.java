package dev.keypath;

import java.nio.charset.StandardCharsets;

/**
 * Renders a key's byte layout for humans: every segment with its offset, bytes and meaning (integer
 * sort bytes spelled out), the separators, the terminator and each metadata varint. Used by the CLI's
 * {@code explain} command; the output is for reading, not parsing.
 */
public final class KeyPathExplainer {
    private KeyPathExplainer() {}

    private static final int BYTES_COLUMN = 50;

    /** The layout of {@code path}'s whole key, followed by its partition/sort split. */
    public static String explain(KeyPath path) {
        byte[] key = path.encode();
        StringBuilder sb = new StringBuilder();
        sb.append(path).append('\n');
        sb.append("whole key: ").append(key.length).append(" bytes; DynamoDB pk ")
                .append(path.partitionKey().length).append(" bytes + sk ").append(path.sortKey().length).append(" bytes\n");
        layout(sb, key);
        return sb.toString();
    }

    /**
     * The layout of any well-formed key: a whole key, a partition key, or a sort key (which may be the
     * bare terminator of a one-element path, or start with an id-less element).
     *
     * @throws KeyPathFormatException if the bytes are not a canonical encoding
     */
    public static String explain(byte[] key) {
        int length = key == null ? 0 : key.length;
        long scan = KeyPathDecoder.scan(key, 0, length);
        int n = (KeyPathDecoder.segmentCount(scan) + 1) >>> 1;
        Namespace[] namespaces = new Namespace[n];
        KeyId[] ids = new KeyId[n];
        KeyPathDecoder.decodeInto(key, 0, length, scan, namespaces, ids, 0);
        StringBuilder sb = new StringBuilder();
        if (n == 0) {
            sb.append("(empty sort key: the item is its partition's root element)\n");
        } else {
            for (int i = 0; i < n; i++) {
                KeyPathFormatter.appendElement(sb, namespaces[i].name(), ids[i]);
            }
            sb.append('\n');
        }
        sb.append(key.length).append(" bytes\n");
        layout(sb, key);
        return sb.toString();
    }

    private static void layout(StringBuilder sb, byte[] key) {
        int terminator = key.length - 1;
        while (key[terminator] != KeyEncoding.TERMINATOR) {
            terminator--;
        }
        int count = 0;
        for (int i = terminator + 1; i < key.length; i++) {
            if (key[i] >= 0) {
                count++;
            }
        }
        int[] lengths = new int[count];
        int[] types = new int[count];
        int[] metaOffsets = new int[count + 1];
        int meta = terminator + 1;
        for (int s = 0; s < count; s++) {
            metaOffsets[s] = meta;
            long read = Varint.read(key, meta, key.length, 0);
            meta = (int) (read >>> 32);
            lengths[s] = (int) read >>> KeyEncoding.TYPE_BITS;
            types[s] = (int) read & KeyEncoding.TYPE_MASK;
        }
        metaOffsets[count] = key.length;
        int seg = 0;
        for (int s = 0; s < count; s++) {
            if (s > 0) {
                row(sb, key, seg, 1, "separator");
                seg++;
            }
            row(sb, key, seg, lengths[s], segmentMeaning(key, seg, lengths[s], types[s], s));
            seg += lengths[s];
        }
        row(sb, key, terminator, 1, "terminator (metadata follows)");
        for (int s = 0; s < count; s++) {
            row(sb, key, metaOffsets[s], metaOffsets[s + 1] - metaOffsets[s],
                    "metadata " + (s + 1) + ": " + typeName(types[s]) + ", " + lengths[s] + " byte" + (lengths[s] == 1 ? "" : "s"));
        }
    }

    private static String segmentMeaning(byte[] key, int off, int len, int type, int index) {
        if ((index & 1) == 0) {
            return "namespace \"" + new String(key, off, len, StandardCharsets.ISO_8859_1) + "\"";
        }
        StringBuilder sb = new StringBuilder("id ");
        switch (type) {
            case KeyEncoding.TYPE_INTEGER -> {
                IntegerId id = IntegerId.decode(key, off, len, 0);
                KeyPathFormatter.appendId(sb, id);
                int sort = key[off] & 0xFF;
                boolean positive = sort >= KeyEncoding.NEGATIVE_SORT_BASE;
                sb.append(String.format(" (integer: sort byte %02x = %s, %d magnitude byte%s%s)", sort,
                        positive ? "positive" : "zero or negative", len - 1, len == 2 ? "" : "s",
                        positive ? "" : ", bits inverted"));
            }
            case KeyEncoding.TYPE_BYTES -> {
                KeyId id = BytesId.decode(key, off, len, 0);
                int raw = id.asBytes().length;
                KeyPathFormatter.appendId(sb, id);
                sb.append(id.isUuid() ? " (UUID, 16 raw bytes" : " (bytes, " + raw + " raw")
                        .append(len > raw ? ", " + (len - raw) + " escaped)" : ")");
            }
            default -> {
                sb.append('"').append(StringId.decodeValue(key, off, len, 0)).append("\" (string, UTF-8)");
            }
        }
        return sb.toString();
    }

    private static String typeName(int type) {
        return switch (type) {
            case KeyEncoding.TYPE_STRING -> "string";
            case KeyEncoding.TYPE_INTEGER -> "integer";
            default -> "bytes";
        };
    }

    private static void row(StringBuilder sb, byte[] key, int off, int len, String meaning) {
        int start = sb.length();
        sb.append(String.format("%5d  ", off));
        for (int i = 0; i < len; i++) {
            if (i > 0) {
                sb.append(' ');
            }
            sb.append(String.format("%02x", key[off + i] & 0xFF));
        }
        int pad = BYTES_COLUMN - (sb.length() - start);
        sb.append(" ".repeat(Math.max(2, pad))).append(meaning).append('\n');
    }
}
