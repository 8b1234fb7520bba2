package dev.keypath.dynamodb.internal.operation;

import dev.keypath.dynamodb.KeyPathDynamoException;
import dev.keypath.dynamodb.TableSchemaMismatchException;
import dev.keypath.dynamodb.TableStatus;
import dev.keypath.dynamodb.internal.schema.IndexDefinition;
import dev.keypath.dynamodb.internal.schema.IndexSchemas;
import dev.keypath.dynamodb.internal.schema.TableAttributes;
import java.time.Clock;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Supplier;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.CreateTableRequest;
import software.amazon.awssdk.services.dynamodb.model.CreateTableResponse;
import software.amazon.awssdk.services.dynamodb.model.DescribeTableRequest;
import software.amazon.awssdk.services.dynamodb.model.DescribeTableResponse;
import software.amazon.awssdk.services.dynamodb.model.DescribeTimeToLiveRequest;
import software.amazon.awssdk.services.dynamodb.model.DescribeTimeToLiveResponse;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndex;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndexDescription;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndexUpdate;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.LocalSecondaryIndex;
import software.amazon.awssdk.services.dynamodb.model.LocalSecondaryIndexDescription;
import software.amazon.awssdk.services.dynamodb.model.ProvisionedThroughput;
import software.amazon.awssdk.services.dynamodb.model.ResourceInUseException;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.StreamSpecification;
import software.amazon.awssdk.services.dynamodb.model.StreamViewType;
import software.amazon.awssdk.services.dynamodb.model.TableDescription;
import software.amazon.awssdk.services.dynamodb.model.TimeToLiveDescription;
import software.amazon.awssdk.services.dynamodb.model.TimeToLiveStatus;
import software.amazon.awssdk.services.dynamodb.model.UpdateTableRequest;
import software.amazon.awssdk.services.dynamodb.model.UpdateTableResponse;
import software.amazon.awssdk.services.dynamodb.model.UpdateTimeToLiveRequest;
import software.amazon.awssdk.services.dynamodb.model.UpdateTimeToLiveResponse;

/**
 * Creates or verifies a key-path table, as one {@link Operation} both tables run: {@code pk} HASH / {@code sk}
 * RANGE (both B), on-demand billing (or provisioned capacity, which the CLI's {@code create-table} asks for), one
 * GSI per declared global index ({@code <index>_pk}/{@code <index>_sk}, B),
 * one LSI per declared local index ({@code pk}/{@code <index>_sk}, created with the table only), each with its
 * projection ({@link IndexSchemas}), TTL on {@code _ttl} and, when asked, a DynamoDB stream of one view type.
 *
 * <p>After each {@code CreateTable} or {@code UpdateTable} it polls {@code DescribeTable} until the table is
 * {@code ACTIVE}, pausing 0.5 s, then twice as long up to 5 s, between polls, for at most
 * {@link #WAIT_LIMIT_MILLIS}.
 * Single use; not thread-safe.
 */
public final class TableBootstrap implements Operation<TableStatus> {
    /** How long a table may take to become {@code ACTIVE} after a change (the SDK's own waiter allows ~8 min). */
    static final long WAIT_LIMIT_MILLIS = 10 * 60 * 1000L;
    private static final long FIRST_POLL_MILLIS = 500;
    private static final long LONGEST_POLL_MILLIS = 5_000;

    private static final DynamoApi<DescribeTableRequest, DescribeTableResponse> DESCRIBE_TABLE =
            new DynamoApi<>("DescribeTable", DynamoDbClient::describeTable, DynamoDbAsyncClient::describeTable);
    private static final DynamoApi<CreateTableRequest, CreateTableResponse> CREATE_TABLE =
            new DynamoApi<>("CreateTable", DynamoDbClient::createTable, DynamoDbAsyncClient::createTable);
    private static final DynamoApi<UpdateTableRequest, UpdateTableResponse> UPDATE_TABLE =
            new DynamoApi<>("UpdateTable", DynamoDbClient::updateTable, DynamoDbAsyncClient::updateTable);
    private static final DynamoApi<DescribeTimeToLiveRequest, DescribeTimeToLiveResponse> DESCRIBE_TTL =
            new DynamoApi<>("DescribeTimeToLive", DynamoDbClient::describeTimeToLive,
                    DynamoDbAsyncClient::describeTimeToLive);
    private static final DynamoApi<UpdateTimeToLiveRequest, UpdateTimeToLiveResponse> UPDATE_TTL =
            new DynamoApi<>("UpdateTimeToLive", DynamoDbClient::updateTimeToLive, DynamoDbAsyncClient::updateTimeToLive);

    private final String table;
    /** Names of the global indexes. */
    private final Set<String> globals;
    private final Map<String, IndexDefinition> definitions;
    private final List<IndexDefinition> locals;
    private final StreamViewType streams;
    /** The throughput of a provisioned table and its global indexes, or null for on-demand billing. */
    private final ProvisionedThroughput provisioned;
    private final Clock clock;

    /** What to do on the next call of {@link #next()}. */
    private Supplier<Step> next = this::describe;
    /** The table as last described. */
    private TableDescription described;
    private TableStatus status;
    /** Global indexes still to add to an existing table. */
    private final Deque<String> missingGlobals = new ArrayDeque<>();
    /**
     * What runs once the table exists as a key-path table, before any index or setting is added to it (the
     * reading of the table's layout record); null for nothing.
     */
    private Supplier<Operation<?>> onceUsable;
    /** That operation while it runs, and what follows it; else null. */
    private Operation<?> running;
    private Supplier<Step> afterRunning;

    /**
     * @param definitions the indexes the registered types declare, by name
     * @param streams     the view type of the stream to enable, or null to leave the table's stream as it is
     * @param clock       the table's clock, which measures the waits
     */
    public TableBootstrap(String table, Map<String, IndexDefinition> definitions, StreamViewType streams,
                          Clock clock) {
        this(table, definitions, streams, clock, null);
    }

    /**
     * @param definitions the indexes the registered types declare, by name
     * @param streams     the view type of the stream to enable, or null to leave the table's stream as it is
     * @param clock       the table's clock, which measures the waits
     * @param provisioned the read and write capacity of a table this bootstrap creates (and of each global index it
     *                    creates with it), or null for on-demand billing; an existing table keeps its billing
     */
    public TableBootstrap(String table, Map<String, IndexDefinition> definitions, StreamViewType streams,
                          Clock clock, ProvisionedThroughput provisioned) {
        this.provisioned = provisioned;
        this.table = table;
        this.definitions = Map.copyOf(definitions);
        this.globals = new TreeSet<>();
        this.locals = new ArrayList<>();
        for (IndexDefinition d : definitions.values()) {
            if (d.local()) {
                locals.add(d);
            } else {
                globals.add(d.name());
            }
        }
        this.streams = streams;
        this.clock = clock;
    }

    /**
     * This bootstrap, running {@code operation} once the table exists as a key-path table (checked, or created and
     * active) and before it adds any index or setting to it: an existing table's items stay writable meanwhile, and
     * a refusal by {@code operation} changes nothing of the table.
     */
    public TableBootstrap onceUsable(Supplier<Operation<?>> operation) {
        this.onceUsable = operation;
        return this;
    }

    @Override
    public Step next() {
        if (running != null) {
            Step step = running.next();
            if (step != Step.DONE) {
                return step;
            }
            running = null;
            next = afterRunning;
        }
        return next.get();
    }

    /** {@code then}, after the {@link #onceUsable} operation when there is one. */
    private Step usable(Supplier<Step> then) {
        if (onceUsable == null) {
            return then.get();
        }
        running = onceUsable.get();
        onceUsable = null;
        afterRunning = then;
        return next();
    }

    @Override
    public TableStatus result() {
        return status;
    }

    private Step describe() {
        return new Step.Exchange<>(DESCRIBE_TABLE, describeRequest(), r -> {
            described = r.table();
            next = this::existing;
        }, e -> {
            if (!(e instanceof ResourceNotFoundException)) {
                throw e;
            }
            next = this::create;
        });
    }

    private Step existing() {
        verify(described);
        status = TableStatus.EXISTED;
        Set<String> present = new HashSet<>();
        if (described.hasGlobalSecondaryIndexes()) {
            for (GlobalSecondaryIndexDescription g : described.globalSecondaryIndexes()) {
                present.add(g.indexName());
            }
        }
        for (String index : globals) {
            if (!present.contains(index)) {
                missingGlobals.add(index);
            }
        }
        return usable(this::addMissingGlobal);
    }

    private Step addMissingGlobal() {
        String index = missingGlobals.poll();
        if (index == null) {
            return timeToLive();
        }
        UpdateTableRequest add = UpdateTableRequest.builder().tableName(table)
                .attributeDefinitions(binary(TableAttributes.gsiPk(index)), binary(TableAttributes.gsiSk(index)))
                .globalSecondaryIndexUpdates(GlobalSecondaryIndexUpdate.builder().create(c -> c.indexName(index)
                        .keySchema(keySchema(TableAttributes.gsiPk(index), TableAttributes.gsiSk(index)))
                        .projection(IndexSchemas.projection(definitions.get(index)))).build())
                .build();
        return Step.Exchange.of(UPDATE_TABLE, add, r -> next = untilActive(this::addMissingGlobal));
    }

    private Step create() {
        List<AttributeDefinition> attrs = new ArrayList<>(List.of(binary(TableAttributes.PK),
                binary(TableAttributes.SK)));
        List<GlobalSecondaryIndex> gsis = new ArrayList<>();
        for (String index : globals) {
            attrs.add(binary(TableAttributes.gsiPk(index)));
            attrs.add(binary(TableAttributes.gsiSk(index)));
            GlobalSecondaryIndex gsi = IndexSchemas.global(definitions.get(index));
            gsis.add(provisioned == null ? gsi : gsi.toBuilder().provisionedThroughput(provisioned).build());
        }
        List<LocalSecondaryIndex> lsis = new ArrayList<>();
        for (IndexDefinition local : locals) {
            attrs.add(binary(IndexSchemas.localSortKey(local)));
            lsis.add(IndexSchemas.local(local));
        }
        CreateTableRequest create = CreateTableRequest.builder().tableName(table)
                .billingMode(provisioned == null ? BillingMode.PAY_PER_REQUEST : BillingMode.PROVISIONED)
                .provisionedThroughput(provisioned).attributeDefinitions(attrs)
                .keySchema(keySchema(TableAttributes.PK, TableAttributes.SK))
                .globalSecondaryIndexes(gsis.isEmpty() ? null : gsis)
                .localSecondaryIndexes(lsis.isEmpty() ? null : lsis)
                .streamSpecification(streams == null ? null : streamSpecification(streams))
                .build();
        return new Step.Exchange<>(CREATE_TABLE, create, r -> {
            status = TableStatus.CREATED;
            next = untilActive(this::created);
        }, e -> {
            if (!(e instanceof ResourceInUseException)) {
                throw e;
            }
            status = TableStatus.EXISTED; // another process created it meanwhile: check what it made
            next = untilActive(this::created);
        });
    }

    private Step created() {
        if (status == TableStatus.EXISTED) {
            verify(described);
        }
        return usable(this::timeToLive);
    }

    private Step timeToLive() {
        DescribeTimeToLiveRequest request = DescribeTimeToLiveRequest.builder().tableName(table).build();
        return Step.Exchange.of(DESCRIBE_TTL, request, r -> {
            TimeToLiveDescription ttl = r.timeToLiveDescription();
            TimeToLiveStatus s = ttl == null ? null : ttl.timeToLiveStatus();
            if (s == TimeToLiveStatus.ENABLED || s == TimeToLiveStatus.ENABLING) {
                if (!TableAttributes.TTL.equals(ttl.attributeName())) {
                    throw new TableSchemaMismatchException("Table " + table + " has TTL on '" + ttl.attributeName()
                            + "', but key-path tables use '" + TableAttributes.TTL + "'");
                }
                next = this::stream;
            } else {
                next = this::enableTimeToLive;
            }
        });
    }

    private Step enableTimeToLive() {
        UpdateTimeToLiveRequest enable = UpdateTimeToLiveRequest.builder().tableName(table)
                .timeToLiveSpecification(t -> t.enabled(true).attributeName(TableAttributes.TTL)).build();
        return Step.Exchange.of(UPDATE_TTL, enable, r -> next = this::stream);
    }

    /** Enables the requested stream on a table without one; refuses a stream of another view type. */
    private Step stream() {
        if (streams == null) {
            return done();
        }
        StreamSpecification present = described.streamSpecification();
        if (present != null && Boolean.TRUE.equals(present.streamEnabled())) {
            if (present.streamViewType() != streams) {
                throw new TableSchemaMismatchException("Table " + table + " has a stream of view type "
                        + present.streamViewTypeAsString() + ", but the table is built for " + streams
                        + "; DynamoDB cannot change the view type of an enabled stream (disable it first)");
            }
            return done();
        }
        UpdateTableRequest enable = UpdateTableRequest.builder().tableName(table)
                .streamSpecification(streamSpecification(streams)).build();
        return Step.Exchange.of(UPDATE_TABLE, enable, r -> next = untilActive(this::done));
    }

    private Step done() {
        next = () -> Step.DONE;
        return Step.DONE;
    }

    private Supplier<Step> untilActive(Supplier<Step> then) {
        return new UntilActive(then);
    }

    /**
     * Polls {@code DescribeTable} until the table is {@code ACTIVE} (a table just created may not be found yet),
     * keeping its description, then goes on with {@code then}. Each pause is twice the last, up to 5 s. It gives
     * up when the table's clock, or the pauses themselves, pass {@link #WAIT_LIMIT_MILLIS}.
     */
    private final class UntilActive implements Supplier<Step> {
        private final Supplier<Step> then;
        private final long startMillis = clock.millis();
        private long pauseMillis = FIRST_POLL_MILLIS;
        private long pausedMillis;

        UntilActive(Supplier<Step> then) {
            this.then = then;
        }

        @Override
        public Step get() {
            return new Step.Exchange<>(DESCRIBE_TABLE, describeRequest(), r -> {
                described = r.table();
                boolean active = described.tableStatus()
                        == software.amazon.awssdk.services.dynamodb.model.TableStatus.ACTIVE;
                next = active ? then : pause(described.tableStatusAsString());
            }, e -> {
                if (!(e instanceof ResourceNotFoundException)) {
                    throw e;
                }
                next = pause("not found yet");
            });
        }

        private Supplier<Step> pause(String lastStatus) {
            if (clock.millis() - startMillis >= WAIT_LIMIT_MILLIS || pausedMillis >= WAIT_LIMIT_MILLIS) {
                throw new KeyPathDynamoException("Table " + table + " is not ACTIVE " + WAIT_LIMIT_MILLIS / 60_000
                        + " minutes after it was created or changed (status: " + lastStatus + ")", null);
            }
            long millis = pauseMillis;
            pauseMillis = Math.min(2 * millis, LONGEST_POLL_MILLIS);
            pausedMillis += millis;
            return () -> {
                next = this;
                return new Step.Pause(millis, () -> new KeyPathDynamoException("Interrupted while waiting for "
                        + "table " + table + " to become ACTIVE", null));
            };
        }
    }

    private DescribeTableRequest describeRequest() {
        return DescribeTableRequest.builder().tableName(table).build();
    }

    private void verify(TableDescription d) {
        Map<String, String> types = new HashMap<>();
        for (AttributeDefinition a : d.attributeDefinitions()) {
            types.put(a.attributeName(), a.attributeTypeAsString());
        }
        checkKeys("table " + table, d.keySchema(), TableAttributes.PK, TableAttributes.SK, types);
        if (d.hasGlobalSecondaryIndexes()) {
            for (GlobalSecondaryIndexDescription g : d.globalSecondaryIndexes()) {
                if (globals.contains(g.indexName())) {
                    checkKeys("index " + g.indexName() + " of table " + table, g.keySchema(),
                            TableAttributes.gsiPk(g.indexName()), TableAttributes.gsiSk(g.indexName()), types);
                    IndexSchemas.checkProjection(table, definitions.get(g.indexName()), g.projection());
                }
            }
        }
        IndexSchemas.checkLocalIndexes(table, d, locals);
        if (d.hasLocalSecondaryIndexes()) {
            for (LocalSecondaryIndexDescription l : d.localSecondaryIndexes()) {
                IndexDefinition local = definitions.get(l.indexName());
                if (local != null && local.local()) {
                    checkKeys("local index " + l.indexName() + " of table " + table, l.keySchema(),
                            TableAttributes.PK, IndexSchemas.localSortKey(local), types);
                    IndexSchemas.checkProjection(table, local, l.projection());
                }
            }
        }
    }

    /**
     * Checks that a described table has a key-path table's keys ({@code pk} HASH, {@code sk} RANGE, both B), for
     * tools that read or write a table without bootstrapping it (an export, a migration's target).
     *
     * @throws TableSchemaMismatchException naming the table and the key schema it has
     */
    public static void checkKeyPathKeys(TableDescription d) {
        Map<String, String> types = new HashMap<>();
        for (AttributeDefinition a : d.attributeDefinitions()) {
            types.put(a.attributeName(), a.attributeTypeAsString());
        }
        checkKeys("table " + d.tableName(), d.keySchema(), TableAttributes.PK, TableAttributes.SK, types);
    }

    private static void checkKeys(String what, List<KeySchemaElement> keys, String pk, String sk,
                                  Map<String, String> types) {
        StringBuilder found = new StringBuilder();
        boolean hash = false;
        boolean range = false;
        for (KeySchemaElement k : keys) {
            found.append(found.length() == 0 ? "" : ", ").append(k.attributeName()).append(' ')
                    .append(k.keyTypeAsString()).append(" (").append(types.get(k.attributeName())).append(')');
            hash |= k.keyType() == KeyType.HASH && k.attributeName().equals(pk);
            range |= k.keyType() == KeyType.RANGE && k.attributeName().equals(sk);
        }
        boolean ok = keys.size() == 2 && hash && range && "B".equals(types.get(pk)) && "B".equals(types.get(sk));
        if (!ok) {
            throw new TableSchemaMismatchException("The " + what + " has key schema [" + found + "], but a key-path "
                    + "table needs [" + pk + " HASH (B), " + sk + " RANGE (B)]");
        }
    }

    private static StreamSpecification streamSpecification(StreamViewType viewType) {
        return StreamSpecification.builder().streamEnabled(true).streamViewType(viewType).build();
    }

    private static List<KeySchemaElement> keySchema(String pk, String sk) {
        return List.of(KeySchemaElement.builder().attributeName(pk).keyType(KeyType.HASH).build(),
                KeySchemaElement.builder().attributeName(sk).keyType(KeyType.RANGE).build());
    }

    private static AttributeDefinition binary(String name) {
        return AttributeDefinition.builder().attributeName(name).attributeType(ScalarAttributeType.B).build();
    }
}
