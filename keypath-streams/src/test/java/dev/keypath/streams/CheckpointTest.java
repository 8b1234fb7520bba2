package dev.keypath.streams;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.quicktheories.generators.Generate.range;
import static org.quicktheories.generators.SourceDSL.lists;
import static org.quicktheories.generators.SourceDSL.strings;

import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.quicktheories.QuickTheory;
import org.quicktheories.core.Gen;

/** {@link Checkpoint}'s one-line text: what it writes it reads back, and what is not a checkpoint is refused. */
class CheckpointTest {
    private static final String ARN = "arn:aws:dynamodb:eu-west-1:123456789012:table/app/stream/2026-01-01T00:00:00.000";

    private static QuickTheory qt() {
        return QuickTheory.qt().withExamples(Integer.getInteger("keypath.properties.examples", 10_000));
    }

    private static Gen<String> shardIds() {
        return strings().betweenCodePoints('!', '~').ofLengthBetween(1, 40).map(s -> s.replace('=', '_'));
    }

    private static Gen<String> sequenceNumbers() {
        return strings().numericBetween(0, Integer.MAX_VALUE).map(s -> "0000" + s);
    }

    @Test
    void theTextOfACheckpointReadsBackAsTheSameCheckpoint() {
        qt().forAll(lists().of(shardIds()).ofSizeBetween(0, 8), lists().of(sequenceNumbers()).ofSize(8),
                range(0, 8)).checkAssert((shards, seqs, finishedFrom) -> {
                    Map<String, String> positions = new LinkedHashMap<>();
                    Set<String> finished = new LinkedHashSet<>();
                    for (int i = 0; i < shards.size(); i++) {
                        if (i >= finishedFrom) {
                            finished.add(shards.get(i));
                        } else if (!finished.contains(shards.get(i))) {
                            positions.put(shards.get(i), seqs.get(i));
                        }
                    }
                    finished.removeAll(positions.keySet());
                    Checkpoint c = Checkpoint.of(ARN, positions, finished);

                    Checkpoint read = Checkpoint.parse(c.toString());

                    assertThat(read).isEqualTo(c);
                    assertThat(read.sequenceNumbers()).isEqualTo(positions);
                    assertThat(read.finishedShards()).isEqualTo(finished);
                    assertThat(read.toString()).doesNotContain("\n");
                });
    }

    @Test
    void aReadableCheckpointLooksLikeThis() {
        Checkpoint c = Checkpoint.of(ARN, Map.of("shardId-0002", "4200000000000001"), Set.of("shardId-0001"));

        assertThat(c.toString()).isEqualTo("keypath-checkpoint/1 " + ARN
                + " shardId-0002=4200000000000001 shardId-0001=end");
        assertThat(c.sequenceNumber("shardId-0002")).contains("4200000000000001");
        assertThat(c.isFinished("shardId-0001")).isTrue();
    }

    @Test
    void textThatIsNotACheckpointIsRefusedSayingWhatIsWrong() {
        for (List<String> bad : List.of(
                List.of("", "must start with 'keypath-checkpoint/1"),
                List.of("keypath-checkpoint/2 " + ARN, "must start with"),
                List.of("keypath-checkpoint/1", "must start with"),
                List.of("keypath-checkpoint/1 " + ARN + " shard", "entry 1 'shard' is not"),
                List.of("keypath-checkpoint/1 " + ARN + " shard=", "is not <shard id>"),
                List.of("keypath-checkpoint/1 " + ARN + " =12", "is not <shard id>"),
                List.of("keypath-checkpoint/1 " + ARN + " s=12 s=end", "names shard s twice"),
                List.of("keypath-checkpoint/1 " + ARN + " s=12a", "'12a' of shard s is not a decimal number"),
                List.of("keypath-checkpoint/1 " + ARN + " s=1  t=2", "entry 2 '' is not"))) {
            assertThatThrownBy(() -> Checkpoint.parse(bad.get(0))).as(bad.get(0))
                    .isInstanceOf(InvalidCheckpointException.class).hasMessageContaining(bad.get(1));
        }
    }

    /**
     * DynamoDB Streams documents its sequence numbers as 21 to 40 digits; a stream served by Kinesis (LocalStack's)
     * hands out longer ones (56 digits seen), within Kinesis's documented pattern {@code 0|([1-9]\d{0,128})}.
     */
    @Test
    void kinesisLengthSequenceNumbersAreKeptAndLongerOnesRefused() {
        String localStack = "49663054930390196399817516592316404155128154880744046594";
        String longest = "1" + "0".repeat(128);
        Checkpoint c = Checkpoint.of(ARN, Map.of("shardId-1", localStack, "shardId-2", longest), Set.of());

        assertThat(Checkpoint.parse(c.toString()).sequenceNumber("shardId-1")).contains(localStack);
        assertThat(Checkpoint.parse(c.toString()).sequenceNumber("shardId-2")).contains(longest);
        assertThatThrownBy(() -> Checkpoint.of(ARN, Map.of("s", longest + "0"), Set.of()))
                .isInstanceOf(InvalidCheckpointException.class).hasMessageContaining("at most 129 digits");
    }

    @Test
    void aShardBothFinishedAndPositionedIsRefused() {
        assertThatThrownBy(() -> Checkpoint.of(ARN, Map.of("s", "1"), Set.of("s")))
                .isInstanceOf(InvalidCheckpointException.class).hasMessageContaining("Shard s is both finished");
    }
}
