package dev.keypath.dynamodb.internal.operation;

import dev.keypath.dynamodb.internal.request.DeclaredLayout;
import dev.keypath.dynamodb.internal.request.LayoutEntry;
import dev.keypath.dynamodb.internal.request.LayoutRecord;
import dev.keypath.dynamodb.internal.request.LayoutState;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.GetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;

/**
 * One reading of the table's layout record ({@link LayoutRecord}) by a table: a strongly consistent {@code GetItem},
 * each registered type's declaration judged against its entry ({@link DeclaredLayout#judge}), and, when an entry is
 * new or changes (a type not recorded yet, a re-shard declared for the first time, a newer schema version) or the
 * table reads the record at a longer interval than recorded, one conditional {@code UpdateItem}; when another
 * instance changed the record in between, it is read and judged again, at most {@value #ATTEMPTS} times. The result
 * is every type's {@link LayoutState}, stamped with the monotonic time the read that decided it was sent. Single use.
 */
final class LayoutSync implements Operation<LayoutSnapshot> {
    /** Readings before a record that keeps changing under this table's update is given up. */
    static final int ATTEMPTS = 10;

    private final String table;
    private final List<DeclaredLayout> declared;
    private final long refreshMillis;
    private final Clock clock;
    private final ReturnConsumedCapacity ask;
    private int attempts;
    private long readSent;
    private Map<Class<?>, LayoutState> states;
    private long recordedRefresh;
    private Step next;
    private LayoutSnapshot result;

    /**
     * The reading of {@code table}'s record for {@code declared}, by a table that reads it at least every
     * {@code refreshMillis}; {@code clock} tells the epoch time a switch is compared with.
     */
    LayoutSync(String table, List<DeclaredLayout> declared, long refreshMillis, Clock clock,
               ReturnConsumedCapacity ask) {
        this.table = table;
        this.declared = declared;
        this.refreshMillis = refreshMillis;
        this.clock = clock;
        this.ask = ask;
        this.next = read();
    }

    @Override
    public Step next() {
        return next;
    }

    @Override
    public LayoutSnapshot result() {
        return result;
    }

    private Step read() {
        if (++attempts > ATTEMPTS) {
            throw new IllegalStateException("The layout record of table " + table + " changed under each of "
                    + ATTEMPTS + " updates by this table; another writer keeps changing it");
        }
        readSent = System.nanoTime();
        return Step.Exchange.of(DynamoApi.GET_ITEM, LayoutRecord.read(table, ask), this::judge);
    }

    private void judge(GetItemResponse r) {
        LayoutRecord record = LayoutRecord.of(r.hasItem() ? r.item() : null);
        long now = clock.millis();
        Map<Class<?>, LayoutState> judged = new LinkedHashMap<>();
        Map<String, LayoutEntry> writes = new LinkedHashMap<>();
        for (DeclaredLayout d : declared) {
            DeclaredLayout.Judgement j = d.judge(record.entry(d.name()), now);
            judged.put(d.type(), j.state());
            if (j.write() != null) {
                writes.put(d.name(), j.write());
            }
        }
        Long refresh = record.refreshMillis() < refreshMillis ? refreshMillis : null;
        states = judged;
        recordedRefresh = Math.max(record.refreshMillis(), refreshMillis);
        if (writes.isEmpty() && refresh == null) {
            finish();
            return;
        }
        next = new Step.Exchange<>(DynamoApi.UPDATE_ITEM, record.update(table, writes, refresh, ask),
                updated -> finish(), e -> {
                    if (!(e instanceof ConditionalCheckFailedException)) {
                        throw e;
                    }
                    next = read(); // another instance changed the record since it was read: judge it again
                });
    }

    private void finish() {
        result = new LayoutSnapshot(states, readSent, recordedRefresh);
        next = Step.DONE;
    }
}
