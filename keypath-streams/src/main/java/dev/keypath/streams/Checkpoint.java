package dev.keypath.streams;

import java.util.Collections;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Where a {@link ChangeFeedReader} is in one stream: per shard, the sequence number of the last record handed out,
 * and the shards read to their end. {@link #toString()} is a one-line text that {@link #parse} reads back, to
 * keep in a file or a table between runs:
 *
 * <pre>
 * keypath-checkpoint/1 arn:aws:dynamodb:…/stream/2026-01-01T00:00:00.000 shardId-0001=4200000000000001 shardId-0000=end
 * </pre>
 *
 * A shard with no entry is read from its oldest record. Immutable and thread-safe.
 */
public final class Checkpoint {
    /** The most digits a sequence number has: Kinesis's limit, above DynamoDB Streams' 40. */
    static final int SEQUENCE_DIGITS = 129;
    private static final String HEADER = "keypath-checkpoint/1";
    private static final String END = "end";

    private final String streamArn;
    private final Map<String, String> sequenceNumbers;
    private final Set<String> finishedShards;

    private Checkpoint(String streamArn, Map<String, String> sequenceNumbers, Set<String> finishedShards) {
        this.streamArn = streamArn;
        this.sequenceNumbers = Collections.unmodifiableMap(new TreeMap<>(sequenceNumbers));
        this.finishedShards = Collections.unmodifiableSet(new TreeSet<>(finishedShards));
    }

    /**
     * A checkpoint of {@code streamArn}.
     *
     * @param sequenceNumbers the last sequence number handed out, per shard id
     * @param finishedShards the shards read to their end
     * @throws InvalidCheckpointException if an id or a number could not be written and read back
     */
    public static Checkpoint of(String streamArn, Map<String, String> sequenceNumbers, Set<String> finishedShards) {
        checkToken(streamArn, "stream ARN");
        sequenceNumbers.forEach((shard, seq) -> {
            checkShard(shard);
            checkSequence(seq, shard);
        });
        finishedShards.forEach(Checkpoint::checkShard);
        for (String shard : finishedShards) {
            if (sequenceNumbers.containsKey(shard)) {
                throw new InvalidCheckpointException("Shard " + shard + " is both finished and at a sequence number");
            }
        }
        return new Checkpoint(streamArn, sequenceNumbers, finishedShards);
    }

    /**
     * Reads the text of {@link #toString()}.
     *
     * @throws InvalidCheckpointException naming the part that is wrong
     */
    public static Checkpoint parse(String text) {
        Objects.requireNonNull(text, "text");
        String[] parts = text.strip().split(" ");
        if (parts.length < 2 || !parts[0].equals(HEADER)) {
            throw new InvalidCheckpointException("Not a keypath checkpoint: it must start with '" + HEADER
                    + " <stream ARN>', got '" + abbreviate(text) + "'");
        }
        Map<String, String> seqs = new TreeMap<>();
        Set<String> finished = new TreeSet<>();
        for (int i = 2; i < parts.length; i++) {
            String entry = parts[i];
            int eq = entry.indexOf('=');
            if (eq <= 0 || eq == entry.length() - 1) {
                throw new InvalidCheckpointException("Checkpoint entry " + (i - 1) + " '" + abbreviate(entry)
                        + "' is not <shard id>=<sequence number> or <shard id>=" + END);
            }
            String shard = entry.substring(0, eq);
            String value = entry.substring(eq + 1);
            if (seqs.containsKey(shard) || finished.contains(shard)) {
                throw new InvalidCheckpointException("Checkpoint names shard " + shard + " twice");
            }
            if (value.equals(END)) {
                finished.add(shard);
            } else {
                seqs.put(shard, value);
            }
        }
        return of(parts[1], seqs, finished);
    }

    /** The stream this checkpoint belongs to. */
    public String streamArn() {
        return streamArn;
    }

    /** The last sequence number handed out, per shard id (shards read to their end are not here). */
    public Map<String, String> sequenceNumbers() {
        return sequenceNumbers;
    }

    /** The shards read to their end. */
    public Set<String> finishedShards() {
        return finishedShards;
    }

    /** The last sequence number handed out from {@code shardId}, if any. */
    public Optional<String> sequenceNumber(String shardId) {
        return Optional.ofNullable(sequenceNumbers.get(shardId));
    }

    /** True if {@code shardId} was read to its end. */
    public boolean isFinished(String shardId) {
        return finishedShards.contains(shardId);
    }

    /** The one-line text {@link #parse} reads. */
    @Override
    public String toString() {
        StringBuilder out = new StringBuilder(HEADER).append(' ').append(streamArn);
        sequenceNumbers.forEach((shard, seq) -> out.append(' ').append(shard).append('=').append(seq));
        finishedShards.forEach(shard -> out.append(' ').append(shard).append('=').append(END));
        return out.toString();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Checkpoint c && streamArn.equals(c.streamArn) && sequenceNumbers.equals(c.sequenceNumbers)
                && finishedShards.equals(c.finishedShards);
    }

    @Override
    public int hashCode() {
        return Objects.hash(streamArn, sequenceNumbers, finishedShards);
    }

    private static void checkShard(String shard) {
        checkToken(shard, "shard id");
        if (shard.indexOf('=') >= 0) {
            throw new InvalidCheckpointException("Shard id '" + abbreviate(shard) + "' contains '='");
        }
    }

    /**
     * DynamoDB Streams documents its sequence numbers as 21 to 40 digits; a stream served by Kinesis (LocalStack's)
     * hands out longer ones, within Kinesis's pattern {@code 0|([1-9]\d{0,128})}: up to {@value #SEQUENCE_DIGITS}.
     */
    private static void checkSequence(String seq, String shard) {
        if (seq == null || seq.isEmpty() || seq.length() > SEQUENCE_DIGITS
                || !seq.chars().allMatch(c -> c >= '0' && c <= '9')) {
            throw new InvalidCheckpointException("Sequence number '" + abbreviate(String.valueOf(seq))
                    + "' of shard " + shard + " is not a decimal number of at most " + SEQUENCE_DIGITS + " digits");
        }
    }

    private static void checkToken(String token, String what) {
        if (token == null || token.isEmpty() || token.length() > 2048
                || token.chars().anyMatch(c -> c <= ' ' || c == 0x7f)) {
            throw new InvalidCheckpointException("The " + what + " '" + abbreviate(String.valueOf(token))
                    + "' is empty, longer than 2048 characters or contains spaces or control characters");
        }
    }

    private static String abbreviate(String s) {
        return s.length() <= 80 ? s : s.substring(0, 77) + "...";
    }
}
