package dev.keypath.spring.sharded;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.keypath.KeyPath;
import dev.keypath.ShardKeys;
import dev.keypath.dynamodb.KeyPathTable;
import dev.keypath.spring.repository.KeyPathPageRequest;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.dao.OptimisticLockingFailureException;
import org.springframework.data.domain.Slice;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * A sharded type through a repository and its derived queries, unchanged: saves and finds by key path go to the
 * item's shard, and derived queries, slices, counts and deletes read the sensor's shards as one ordered collection.
 */
@SpringBootTest(classes = ShardedApplication.class, properties = {
    "keypath.dynamodb.table-name=spring-sharded", "keypath.dynamodb.create-table-if-missing=true"})
class ShardedRepositoryTest {
    @Autowired
    ReadingRepository readings;
    @Autowired
    AlertRepository alerts;
    @Autowired
    KeyPathTable table;

    private static List<Long> seqs(List<Reading> list) {
        return list.stream().map(Reading::seq).toList();
    }

    @Test
    void aShardedTypeWorksThroughTheRepositoryAndItsDerivedQueries() {
        String sensor = "s" + UUID.randomUUID();
        List<Reading> saved = new ArrayList<>();
        for (long seq = 1; seq <= 40; seq++) {
            saved.add(readings.save(new Reading(sensor, seq, seq * 0.5, null)));
        }
        KeyPath third = KeyPath.of("sensor", sensor).then("reading", 3);
        assertThat(readings.findById(third)).contains(saved.get(2));
        int shard = ShardKeys.calculatedShard(8, List.of(dev.keypath.KeyId.of(3)));
        assertThat(table.client().getItem(b -> b.tableName(table.tableName()).key(Map.of(
                "pk", AttributeValue.fromB(SdkBytes.fromByteArray(ShardKeys.encode(third, shard))),
                "sk", AttributeValue.fromB(SdkBytes.fromByteArray(third.sortKey()))))).hasItem()).isTrue();

        List<Long> all = LongStream.rangeClosed(1, 40).boxed().toList();
        assertThat(seqs(readings.findBySensorId(sensor))).isEqualTo(all);
        assertThat(seqs(readings.findBySensorIdOrderBySeqDesc(sensor))).isEqualTo(LongStream.rangeClosed(1, 40).map(i -> 41 - i).boxed().toList());
        assertThat(seqs(readings.findBySensorIdAndSeqBetween(sensor, 10, 14))).containsExactly(10L, 11L, 12L, 13L,
                14L);
        assertThat(seqs(readings.findTop3BySensorIdOrderBySeqDesc(sensor))).containsExactly(40L, 39L, 38L);
        assertThat(readings.findFirstBySensorId(sensor)).contains(saved.get(0));
        assertThat(readings.countBySensorId(sensor)).isEqualTo(40);
        assertThat(readings.existsBySensorId(sensor)).isTrue();

        List<Long> sliced = new ArrayList<>();
        Slice<Reading> slice = readings.findBySensorId(sensor, KeyPathPageRequest.ofSize(7));
        sliced.addAll(seqs(slice.getContent()));
        while (slice.hasNext()) {
            slice = readings.findBySensorId(sensor, slice.nextPageable());
            sliced.addAll(seqs(slice.getContent()));
        }
        assertThat(sliced).isEqualTo(all);

        Reading stale = saved.get(4);
        readings.save(new Reading(sensor, 5, 99, stale.version()));
        assertThatThrownBy(() -> readings.save(stale)).isInstanceOf(OptimisticLockingFailureException.class);
        readings.deleteById(third);
        assertThat(readings.findById(third)).isEmpty();
        assertThat(readings.deleteBySensorId(sensor)).isEqualTo(39);
        assertThat(readings.countBySensorId(sensor)).isZero();
    }

    @Test
    void derivedQueriesOfAShardedIndexReadItsShardsAsOneOrderedCollection() {
        String state = "open" + UUID.randomUUID();
        for (long seq = 1; seq <= 30; seq++) {
            alerts.save(new Alert("sensor" + seq % 4, seq, state));
            alerts.save(new Alert("sensor" + seq % 4, seq + 100, state + "-closed"));
        }
        List<Long> all = LongStream.rangeClosed(1, 30).boxed().toList();
        assertThat(alerts.findByState(state).stream().map(Alert::seq).toList()).isEqualTo(all);
        assertThat(alerts.findByStateOrderBySeqDesc(state).stream().map(Alert::seq).toList())
                .isEqualTo(LongStream.rangeClosed(1, 30).map(i -> 31 - i).boxed().toList());
        assertThat(alerts.findByStateAndSeqBetween(state, 5, 8).stream().map(Alert::seq).toList())
                .containsExactly(5L, 6L, 7L, 8L);
        assertThat(alerts.countByState(state)).isEqualTo(30);
        List<Long> sliced = new ArrayList<>();
        Slice<Alert> slice = alerts.findByState(state, KeyPathPageRequest.ofSize(4));
        sliced.addAll(slice.getContent().stream().map(Alert::seq).toList());
        while (slice.hasNext()) {
            slice = alerts.findByState(state, slice.nextPageable());
            sliced.addAll(slice.getContent().stream().map(Alert::seq).toList());
        }
        assertThat(sliced).isEqualTo(all);
    }
}
