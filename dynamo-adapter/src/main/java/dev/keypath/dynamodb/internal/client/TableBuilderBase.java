package dev.keypath.dynamodb.internal.client;

import dev.keypath.dynamodb.BatchPolicy;
import dev.keypath.dynamodb.ItemExtension;
import dev.keypath.dynamodb.OperationListener;
import dev.keypath.dynamodb.OperationObserver;
import dev.keypath.dynamodb.ReadConsistency;
import dev.keypath.dynamodb.StoredItemCodec;
import dev.keypath.dynamodb.TableBuilderSettings;
import dev.keypath.dynamodb.UnreadableItemHandler;
import dev.keypath.dynamodb.internal.extension.CodecCarrier;
import dev.keypath.dynamodb.internal.mapping.MapperSource;
import dev.keypath.dynamodb.internal.operation.Metering;
import dev.keypath.dynamodb.internal.operation.TableOperations;
import dev.keypath.dynamodb.internal.request.WriteVersions;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.StreamViewType;
import tools.jackson.databind.json.JsonMapper;

/**
 * The {@link TableBuilderSettings} of the sync and async table builders, kept and turned into one
 * {@link TableOperations}. {@code B} is the public builder interface each setter returns. Not thread-safe.
 */
abstract class TableBuilderBase<B extends TableBuilderSettings<B>> implements TableBuilderSettings<B> {
    /** How old the table's copy of its layout record may be when a write goes by it, unless set. */
    static final Duration DEFAULT_LAYOUT_REFRESH = Duration.ofSeconds(30);
    private static final Duration LONGEST_LAYOUT_REFRESH = Duration.ofHours(1);
    private String tableName;
    private JsonMapper mapper;
    private final Set<Class<?>> types = new LinkedHashSet<>();
    /** Types written at the version before their current one (a rolling deploy). */
    private final Set<Class<?>> writingPrevious = new LinkedHashSet<>();
    /** Types whose older stored items a write brings to the current version. */
    private final Set<Class<?>> upgrading = new LinkedHashSet<>();
    private boolean upgradingAll;
    private byte[] secret;
    private Clock clock = Clock.systemUTC();
    private Duration layoutRefresh = DEFAULT_LAYOUT_REFRESH;
    private BatchPolicy batchPolicy = BatchPolicy.DEFAULT;
    private UnreadableItemHandler unreadable = UnreadableItemHandler.FAIL;
    private boolean strictReads;
    private final List<ItemExtension> extensions = new ArrayList<>();
    private StoredItemCodec codec;
    /** A {@code jakarta.validation.Validator}, kept as an Object so that this class never loads the API. */
    private Object validator;
    private StreamViewType streams;
    private ReturnConsumedCapacity capacityMode = ReturnConsumedCapacity.INDEXES;
    private OperationListener listener;
    private OperationObserver observer;
    private ReadConsistency readConsistency = ReadConsistency.EVENTUAL;

    /** This builder as its public interface. */
    public abstract B self();

    @Override
    public B tableName(String tableName) {
        this.tableName = tableName;
        return self();
    }

    @Override
    public B jsonMapper(JsonMapper mapper) {
        this.mapper = mapper;
        return self();
    }

    @Override
    public B register(Class<?>... types) {
        this.types.addAll(Arrays.asList(types));
        return self();
    }

    @Override
    public B writePreviousVersion(Class<?>... types) {
        for (Class<?> t : types) {
            writingPrevious.add(Objects.requireNonNull(t, "type"));
        }
        return self();
    }

    @Override
    public B upgradeOnWrite(Class<?>... types) {
        if (types.length == 0) {
            throw new IllegalArgumentException("upgradeOnWrite needs at least one type; upgradeAllOnWrite() names all");
        }
        for (Class<?> t : types) {
            upgrading.add(Objects.requireNonNull(t, "type"));
        }
        return self();
    }

    @Override
    public B upgradeAllOnWrite() {
        upgradingAll = true;
        return self();
    }

    @Override
    public B pageTokenSecret(byte[] secret) {
        this.secret = secret == null ? null : secret.clone();
        return self();
    }

    @Override
    public B clock(Clock clock) {
        this.clock = Objects.requireNonNull(clock, "clock");
        return self();
    }

    @Override
    public B layoutRefresh(Duration interval) {
        Objects.requireNonNull(interval, "interval");
        if (interval.toMillis() < 1 || interval.compareTo(LONGEST_LAYOUT_REFRESH) > 0) {
            throw new IllegalArgumentException("layoutRefresh is 1 ms to 1 hour, not " + interval);
        }
        this.layoutRefresh = interval;
        return self();
    }

    @Override
    public B batchPolicy(BatchPolicy policy) {
        this.batchPolicy = Objects.requireNonNull(policy, "policy");
        return self();
    }

    @Override
    public B onUnreadableItem(UnreadableItemHandler handler) {
        this.unreadable = Objects.requireNonNull(handler, "handler");
        return self();
    }

    @Override
    public B strictReads(boolean strict) {
        this.strictReads = strict;
        return self();
    }

    @Override
    public B storedItemCodec(StoredItemCodec codec) {
        this.codec = Objects.requireNonNull(codec, "codec");
        return self();
    }

    @Override
    public B extensions(ItemExtension... extensions) {
        for (ItemExtension e : extensions) {
            this.extensions.add(Objects.requireNonNull(e, "extension"));
        }
        return self();
    }

    @Override
    public B validator(jakarta.validation.Validator validator) {
        this.validator = Objects.requireNonNull(validator, "validator");
        return self();
    }

    @Override
    public B streams(StreamViewType viewType) {
        this.streams = Objects.requireNonNull(viewType, "viewType");
        return self();
    }

    @Override
    public B returnConsumedCapacity(ReturnConsumedCapacity mode) {
        Objects.requireNonNull(mode, "mode");
        if (mode == ReturnConsumedCapacity.UNKNOWN_TO_SDK_VERSION) {
            throw new IllegalArgumentException("returnConsumedCapacity must be INDEXES, TOTAL or NONE: " + mode);
        }
        this.capacityMode = mode;
        return self();
    }

    @Override
    public B operationListener(OperationListener listener) {
        this.listener = Objects.requireNonNull(listener, "listener");
        return self();
    }

    @Override
    public B operationObserver(OperationObserver observer) {
        this.observer = Objects.requireNonNull(observer, "observer");
        return self();
    }

    @Override
    public B readConsistency(ReadConsistency consistency) {
        this.readConsistency = Objects.requireNonNull(consistency, "consistency");
        return self();
    }

    /** What the table's operations ask of capacity and whom they report to. */
    public Metering metering() {
        return new Metering(capacityMode, listener, observer);
    }

    /** The view type of the stream bootstrap enables, or null to leave streams as they are. */
    public StreamViewType streams() {
        return streams;
    }

    public BatchPolicy batchPolicy() {
        return batchPolicy;
    }

    /** The caller's extensions, with the carrier of the codec, if any, last. */
    private List<ItemExtension> withCodec() {
        if (codec == null) {
            return List.copyOf(extensions);
        }
        List<ItemExtension> all = new ArrayList<>(extensions);
        all.add(new CodecCarrier(codec));
        return List.copyOf(all);
    }

    /**
     * The operations of a table built from these settings; an
     * {@link dev.keypath.dynamodb.InvalidTableNameException} when the table name is one DynamoDB would refuse.
     */
    public TableOperations operations() {
        return TableOperations.create(TableNames.check(tableName), types, MapperSource.of(mapper, strictReads), secret, clock, unreadable,
                withCodec(), validator, batchPolicy, metering(),
                new WriteVersions(writingPrevious, upgrading, upgradingAll), readConsistency, layoutRefresh);
    }
}
