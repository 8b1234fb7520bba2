package dev.keypath.benchmarks;

import com.apple.foundationdb.tuple.Tuple;
import dev.keypath.KeyPath;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * The size in bytes of the reaction key ({@link ReactionKey}) in each format, printed next to the timings. Run
 * alone with {@code java -cp benchmarks/target/benchmarks.jar dev.keypath.benchmarks.KeySizes}.
 */
public final class KeySizes {
    private KeySizes() {}

    /** One format's key size. */
    record Size(String format, int bytes, String note) {}

    static List<Size> measure() {
        KeyPath path = ReactionKey.keyPath();
        String padded = ReactionKey.stringKey();
        String unpadded = StringKey.unpadded(ReactionKey.USER, ReactionKey.POST, ReactionKey.COMMENT,
                ReactionKey.REACT);
        return List.of(
                new Size("keypath (whole key)", path.encodedLength(), "what encode() returns"),
                new Size("keypath (DynamoDB PK + SK)", path.partitionKey().length + path.sortKey().length,
                        path.partitionKey().length + " + " + path.sortKey().length),
                new Size("FoundationDB tuple", Tuple.fromList(ReactionKey.tupleItems()).pack().length,
                        "one key, no PK/SK split"),
                new Size("string key, zero-padded", utf8(padded), "integers padded to " + StringKey.WIDTH + " digits"),
                new Size("string key, unpadded", utf8(unpadded), "does not sort integers numerically"));
    }

    /** Prints the sizes as a Markdown table. */
    public static void main(String[] args) {
        System.out.print(table());
    }

    static String table() {
        StringBuilder sb = new StringBuilder("| key format | bytes | note |\n|---|---:|---|\n");
        for (Size s : measure()) {
            sb.append("| ").append(s.format()).append(" | ").append(s.bytes()).append(" | ").append(s.note()).append(" |\n");
        }
        return sb.toString();
    }

    private static int utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8).length;
    }
}
