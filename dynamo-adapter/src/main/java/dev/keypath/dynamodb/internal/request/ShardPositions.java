package dev.keypath.dynamodb.internal.request;

import dev.keypath.dynamodb.InvalidPageTokenException;
import dev.keypath.dynamodb.internal.mapping.AttributeValues;
import java.io.ByteArrayOutputStream;
import java.nio.BufferUnderflowException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Where a sharded query stands in each of the partitions it reads, as the payload of one page token
 * ({@link PageTokens#sign}): per partition, not started, done, or after a key. A key's partition key attribute is
 * left out (it is the partition's), and a key equal to the one before it is written once, so a table query whose
 * shards all resume after the same sort key costs that key once and a byte per shard. Layout: format {@code 02},
 * the partition count (two bytes), then per partition a state byte ({@code 00} start, {@code 01} done, {@code 02}
 * after the key that follows, {@code 03} after the same key as the last one written) and, for {@code 02}, the key:
 * its attribute count (one byte), then per attribute its name (length byte, UTF-8) and binary value (two length
 * bytes). A state byte with {@code 0x10} set is followed by the sort key of the partition's next item, known to
 * be its first after the position (the key the merge orders by): the length of the prefix it shares with the
 * next key written before it (two bytes), then the length of the rest (two bytes) and the rest. Pure.
 */
public final class ShardPositions {
    private static final byte FORMAT = 2;
    private static final byte START = 0;
    private static final byte DONE = 1;
    private static final byte AFTER = 2;
    private static final byte AFTER_SAME = 3;
    private static final int NEXT = 0x10;

    /**
     * Where one partition stands.
     *
     * @param done  the partition has nothing more in range
     * @param after the key to resume after (the partition key included), or null to start at the range's start
     * @param next  the sort key of the partition's first item after {@code after}, as read when the token was made
     *              (nothing lay between them), or null when not known
     */
    public record Position(boolean done, Map<String, AttributeValue> after, byte[] next) {
        /** Not started. */
        public static final Position START = new Position(false, null);
        /** Nothing more. */
        public static final Position DONE = new Position(true, null);

        /** A position whose next item is not known. */
        public Position(boolean done, Map<String, AttributeValue> after) {
            this(done, after, null);
        }

        /** This position, knowing that the partition's next item has the sort key {@code key}. */
        public Position withNext(byte[] key) {
            return new Position(done, after, key);
        }
    }

    private ShardPositions() {
    }

    /** The payload of {@code positions}, one per partition, leaving out each key's {@code pkAttribute}. */
    public static byte[] encode(List<Position> positions, String pkAttribute) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.write(FORMAT);
        out.write(positions.size() >>> 8);
        out.write(positions.size());
        Map<String, AttributeValue> last = null;
        byte[] lastNext = new byte[0];
        for (Position p : positions) {
            int flag = p.next() != null && !p.done() ? NEXT : 0;
            if (p.done()) {
                out.write(DONE);
            } else if (p.after() == null) {
                out.write(START | flag);
            } else {
                Map<String, AttributeValue> key = new TreeMap<>(p.after());
                key.remove(pkAttribute);
                if (key.equals(last)) {
                    out.write(AFTER_SAME | flag);
                    lastNext = writeNext(out, p, lastNext);
                    continue;
                }
                out.write(AFTER | flag);
                out.write(key.size());
                key.forEach((name, value) -> {
                    byte[] n = name.getBytes(StandardCharsets.UTF_8);
                    byte[] v = value.b().asByteArrayUnsafe();
                    out.write(n.length);
                    out.writeBytes(n);
                    out.write(v.length >>> 8);
                    out.write(v.length);
                    out.writeBytes(v);
                });
                last = key;
            }
            lastNext = writeNext(out, p, lastNext);
        }
        return out.toByteArray();
    }

    /** Writes {@code p}'s next key, if it has one, as its difference from {@code previous}; the last one written. */
    private static byte[] writeNext(ByteArrayOutputStream out, Position p, byte[] previous) {
        if (p.next() == null || p.done()) {
            return previous;
        }
        byte[] next = p.next();
        int mismatch = Arrays.mismatch(previous, next);
        int shared = mismatch < 0 ? next.length : mismatch;
        int rest = next.length - shared;
        out.write(shared >>> 8);
        out.write(shared);
        out.write(rest >>> 8);
        out.write(rest);
        out.write(next, shared, rest);
        return next;
    }

    /**
     * The positions in {@code payload}, each key with {@code pkAttribute} set to its partition's key; an
     * {@link InvalidPageTokenException} when the payload is not such positions for {@code partitions}.
     */
    public static List<Position> decode(byte[] payload, List<byte[]> partitions, String pkAttribute) {
        ByteBuffer in = ByteBuffer.wrap(payload);
        try {
            if (in.get() != FORMAT) {
                throw new InvalidPageTokenException("not a token of a sharded query");
            }
            int count = in.getShort() & 0xFFFF;
            if (count != partitions.size()) {
                throw new InvalidPageTokenException("token holds " + count + " shard positions, the query reads "
                        + partitions.size() + " partitions");
            }
            List<Position> positions = new ArrayList<>(count);
            Map<String, AttributeValue> last = null;
            byte[] lastNext = new byte[0];
            for (int i = 0; i < count; i++) {
                byte read = in.get();
                boolean hasNext = (read & NEXT) != 0;
                byte state = (byte) (read & ~NEXT);
                if (state == DONE && hasNext) {
                    throw new InvalidPageTokenException("bad shard position " + read);
                }
                if (state == START || state == DONE) {
                    Position position = state == START ? Position.START : Position.DONE;
                    if (hasNext) {
                        lastNext = readNext(in, lastNext);
                        position = position.withNext(lastNext);
                    }
                    positions.add(position);
                    continue;
                }
                if (state == AFTER) {
                    last = readKey(in);
                } else if (state != AFTER_SAME || last == null) {
                    throw new InvalidPageTokenException("bad shard position " + state);
                }
                Map<String, AttributeValue> key = new LinkedHashMap<>(last);
                key.put(pkAttribute, AttributeValues.binary(partitions.get(i)));
                Position position = new Position(false, key);
                if (hasNext) {
                    lastNext = readNext(in, lastNext);
                    position = position.withNext(lastNext);
                }
                positions.add(position);
            }
            if (in.hasRemaining()) {
                throw new InvalidPageTokenException("trailing bytes");
            }
            return positions;
        } catch (BufferUnderflowException e) {
            throw new InvalidPageTokenException("malformed payload");
        }
    }

    private static byte[] readNext(ByteBuffer in, byte[] previous) {
        int shared = in.getShort() & 0xFFFF;
        int rest = in.getShort() & 0xFFFF;
        if (shared > previous.length) {
            throw new InvalidPageTokenException("bad next key of a shard position");
        }
        byte[] next = new byte[shared + rest];
        System.arraycopy(previous, 0, next, 0, shared);
        in.get(next, shared, rest);
        return next;
    }

    private static Map<String, AttributeValue> readKey(ByteBuffer in) {
        int attributes = in.get() & 0xFF;
        Map<String, AttributeValue> key = new LinkedHashMap<>();
        for (int a = 0; a < attributes; a++) {
            byte[] name = new byte[in.get() & 0xFF];
            in.get(name);
            byte[] value = new byte[in.getShort() & 0xFFFF];
            in.get(value);
            key.put(new String(name, StandardCharsets.UTF_8), AttributeValues.binary(value));
        }
        return key;
    }
}
