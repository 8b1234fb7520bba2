package dev.keypath.dynamodb.storage;

import dev.keypath.dynamodb.ItemSchema;
import dev.keypath.dynamodb.ShardDeclarationException;
import dev.keypath.dynamodb.TableLayoutMismatchException;
import dev.keypath.dynamodb.internal.request.DeclaredLayout;
import dev.keypath.dynamodb.internal.request.LayoutEntry;
import dev.keypath.dynamodb.internal.request.LayoutRecord;
import dev.keypath.dynamodb.internal.schema.DefaultItemSchema;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Objects;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.GetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;

/**
 * The re-shard's steps in the table's layout record (docs/FORMAT.md, section 12), for a tool that runs a re-shard
 * (keypath-migrate's re-shard): announcing the switch to the new layout, and recording the re-shard as finished.
 * Each reads the record strongly consistent and changes it with one conditional {@code UpdateItem}, read again when
 * another writer changed it in between. The record's rules are the tables' own: a declaration that contradicts it is
 * a {@link TableLayoutMismatchException}.
 */
public final class StoredLayouts {
    /** The interval assumed when the record holds none: the tables' default. */
    static final Duration DEFAULT_REFRESH = Duration.ofSeconds(30);
    private static final int ATTEMPTS = 10;

    private StoredLayouts() {
    }

    /**
     * When the new layout of a re-shard is written.
     *
     * @param switchAt the instant from which the tables write the new layout, the middle of the margin
     * @param margin   the clock margin around it, in which no table writes the type
     * @param movesFrom the instant from which a run may move items: the end of the margin
     * @param finished whether the record holds the re-shard as finished already (the type is stored in the new layout)
     */
    public record Switch(Instant switchAt, Duration margin, Instant movesFrom, boolean finished) {
    }

    /**
     * Announces the switch of {@code schema}'s declared re-shard ({@code @Sharded(count = NEW, formerCount = OLD)})
     * in {@code table}'s layout record, unless it is announced already: from {@code now + 2 × refresh + margin} on
     * ({@code refresh} the longest interval at which the table's instances read the record, as recorded), every
     * instance writes the new layout, none writes during the margin around it, and an instance that declares the
     * former layout alone refuses its writes from the moment it reads the announcement. Records the re-shard first
     * when no instance has yet.
     *
     * @param margin how far apart the clocks of the instances and of this tool may be, plus the longest time a write
     *               request may take to reach DynamoDB
     * @throws ShardDeclarationException    when the type declares no re-shard
     * @throws TableLayoutMismatchException when the record holds another layout or re-shard for the type
     */
    public static Switch announce(DynamoDbClient client, String table, ItemSchema<?> schema, Duration margin) {
        Objects.requireNonNull(margin, "margin");
        DeclaredLayout declared = declared(schema);
        for (int attempt = 0; attempt < ATTEMPTS; attempt++) {
            LayoutRecord record = read(client, table);
            long now = Clock.systemUTC().millis();
            LayoutEntry stored = record.entry(declared.name());
            DeclaredLayout.Judgement judged = declared.judge(stored, now);
            if (judged.state().refusal() != null) {
                throw new TableLayoutMismatchException(judged.state().refusal());
            }
            LayoutEntry entry = judged.write() != null ? judged.write() : stored;
            if (!entry.resharding()) {
                return new Switch(Instant.ofEpochMilli(now), Duration.ZERO, Instant.ofEpochMilli(now), true);
            }
            if (entry.switchAt() == null) {
                long refresh = record.refreshMillis() > 0 ? record.refreshMillis() : DEFAULT_REFRESH.toMillis();
                entry = entry.switchingAt(now + 2 * refresh + margin.toMillis(), margin.toMillis());
            }
            if (!entry.equals(stored)) {
                try {
                    // the refresh interval is set to what was read, so that an instance that raised it meanwhile
                    // (and may read the record that much later) makes the announcement read again
                    client.updateItem(record.update(table, Map.of(declared.name(), entry),
                            record.refreshMillis() > 0 ? record.refreshMillis() : null, ReturnConsumedCapacity.NONE));
                } catch (ConditionalCheckFailedException changed) {
                    continue;
                }
            }
            return new Switch(Instant.ofEpochMilli(entry.switchAt()), Duration.ofMillis(entry.margin()),
                    Instant.ofEpochMilli(entry.switchAt() + entry.margin()), false);
        }
        throw new IllegalStateException("The layout record of table " + table + " changed under each of " + ATTEMPTS
                + " announcements");
    }

    /**
     * Records {@code schema}'s re-shard as finished in {@code table}'s layout record, once a complete pass moved
     * every item of the type into the new layout after the switch: from then on a declaration of the new layout
     * alone (without {@code formerCount}) may start. Nothing to do when it is recorded as finished already.
     *
     * @throws ShardDeclarationException    when the type declares no re-shard
     * @throws TableLayoutMismatchException when the record holds another layout or re-shard for the type, or the
     *                                      switch is not announced or not yet passed
     */
    public static void finish(DynamoDbClient client, String table, ItemSchema<?> schema) {
        DeclaredLayout declared = declared(schema);
        for (int attempt = 0; attempt < ATTEMPTS; attempt++) {
            LayoutRecord record = read(client, table);
            LayoutEntry stored = record.entry(declared.name());
            if (stored != null && !stored.resharding() && stored.layout().equals(declared.layout())) {
                return;
            }
            long now = Clock.systemUTC().millis();
            if (stored == null || !stored.resharding() || !stored.to().equals(declared.layout())
                    || !stored.layout().equals(declared.former()) || stored.switchAt() == null
                    || now < stored.switchAt() + stored.margin()) {
                throw new TableLayoutMismatchException("The re-shard of " + declared.name() + " from "
                        + declared.former() + " to " + declared.layout() + " cannot be recorded as finished: the "
                        + "table's layout record holds " + (stored == null ? "no entry of the type" : stored)
                        + "; announce the switch and move the items first (keypath migrate reshard)");
            }
            try {
                client.updateItem(record.update(table, Map.of(declared.name(), stored.finished()), null,
                        ReturnConsumedCapacity.NONE));
                return;
            } catch (ConditionalCheckFailedException changed) {
                // read again
            }
        }
        throw new IllegalStateException("The layout record of table " + table + " changed under each of " + ATTEMPTS
                + " updates");
    }

    private static LayoutRecord read(DynamoDbClient client, String table) {
        GetItemResponse r = client.getItem(LayoutRecord.read(table, ReturnConsumedCapacity.NONE));
        return LayoutRecord.of(r.hasItem() ? r.item() : null);
    }

    private static DeclaredLayout declared(ItemSchema<?> schema) {
        DefaultItemSchema<?> d = schema instanceof DefaultItemSchema<?> s ? s : null;
        if (d == null || !d.resharding()) {
            throw new ShardDeclarationException(schema.typeName() + " declares no re-shard: declare "
                    + "@Sharded(count = NEW, formerCount = OLD, ...) and deploy it before moving its items");
        }
        return DeclaredLayout.of(d);
    }
}
