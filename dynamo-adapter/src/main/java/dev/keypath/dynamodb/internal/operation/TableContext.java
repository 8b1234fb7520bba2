package dev.keypath.dynamodb.internal.operation;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.BatchPolicy;
import dev.keypath.dynamodb.ItemExtension;
import dev.keypath.dynamodb.ItemQuery;
import dev.keypath.dynamodb.ItemScan;
import dev.keypath.dynamodb.PutMode;
import dev.keypath.dynamodb.SubtreeDeletion;
import dev.keypath.dynamodb.UnreadableItemHandler;
import dev.keypath.dynamodb.WriteKind;
import dev.keypath.dynamodb.internal.expression.Expr;
import dev.keypath.dynamodb.internal.expression.ValueConverter;
import dev.keypath.dynamodb.internal.extension.BeanValidationExtension;
import dev.keypath.dynamodb.internal.extension.TimeToLiveExtension;
import dev.keypath.dynamodb.internal.extension.TimestampExtension;
import dev.keypath.dynamodb.internal.extension.VersionExtension;
import dev.keypath.dynamodb.internal.mapping.MapperSource;
import dev.keypath.dynamodb.internal.request.IdGenerator;
import dev.keypath.dynamodb.internal.request.PageTokens;
import dev.keypath.dynamodb.internal.request.PutActions;
import dev.keypath.dynamodb.internal.request.ReadShape;
import dev.keypath.dynamodb.internal.request.SchemaRegistry;
import dev.keypath.dynamodb.internal.request.WriteAction;
import dev.keypath.dynamodb.internal.schema.DefaultItemSchema;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.ToLongFunction;

/**
 * What the synchronous and asynchronous tables share: table name, registered types, value conversion, page
 * tokens and id generation, plus the I/O-free preparation of puts and queries. Immutable and thread-safe.
 */
public final class TableContext {
    private final String table;
    private final SchemaRegistry registry;
    private final ValueConverter values;
    private final PageTokens tokens;
    private final IdGenerator ids;

    private TableContext(String table, SchemaRegistry registry, ValueConverter values, PageTokens tokens,
                         IdGenerator ids) {
        this.table = table;
        this.registry = registry;
        this.values = values;
        this.tokens = tokens;
        this.ids = ids;
    }

    /**
     * @param mapper the mapper, built only if a type or value needs it
     * @param secret page-token secret, or null for a random one valid in this process only
     */
    public static TableContext create(String table, Collection<Class<?>> types, MapperSource mapper, byte[] secret,
                               Clock clock, UnreadableItemHandler unreadable) {
        return create(table, types, mapper, secret, clock, unreadable, List.of(), null);
    }

    /**
     * @param extensions the caller's extensions, run after the built-in ones (version, time to live, timestamps,
     *                   validation)
     * @param validator  a {@code jakarta.validation.Validator} that validates items before puts, or null for none
     *                   (typed loosely so that no validation class is loaded without one)
     */
    public static TableContext create(String table, Collection<Class<?>> types, MapperSource mapper, byte[] secret,
                               Clock clock, UnreadableItemHandler unreadable, List<ItemExtension> extensions,
                               Object validator) {
        Objects.requireNonNull(table, "tableName");
        ValueConverter values = new ValueConverter(mapper);
        List<ItemExtension> all = new ArrayList<>(List.of(VersionExtension.INSTANCE, TimeToLiveExtension.INSTANCE,
                new TimestampExtension(values)));
        if (validator != null) {
            all.add(BeanValidationExtension.of(validator));
        }
        all.addAll(extensions);
        return new TableContext(table, new SchemaRegistry(types, mapper, clock, unreadable, all), values,
                secret == null ? PageTokens.withRandomSecret() : new PageTokens(secret), new IdGenerator(clock));
    }

    public String table() {
        return table;
    }

    public SchemaRegistry registry() {
        return registry;
    }

    public ValueConverter values() {
        return values;
    }

    /**
     * The write of a put: generates auto ids (taking a sequence value from {@code sequence} only when needed),
     * adds mode, version and caller conditions and checks key and item sizes. The counter key of a sequence
     * type is checked before {@code sequence} is called.
     *
     * @param kind what the put is, as the extensions are told (batch puts cannot check versions or conditions)
     */
    public WriteAction preparePut(DefaultItemSchema<?> schema, Object item, PutMode mode, Expr condition, WriteKind kind,
                           ToLongFunction<KeyPath> sequence) {
        IdGenerator.checkCounterKey(schema, item);
        return PutActions.action(schema, item, ids.generate(schema, item, sequence), mode, condition, kind,
                registry.extensions(), values);
    }

    /**
     * {@code item} with its unset auto-id fields set from freshly generated values, or {@code item} itself when
     * none is unset; {@code sequence} is called only for an unset sequence field.
     */
    @SuppressWarnings("unchecked")
    public <T> T withGeneratedIds(DefaultItemSchema<?> schema, T item, ToLongFunction<KeyPath> sequence) {
        IdGenerator.checkCounterKey(schema, item);
        Map<String, Object> generated = ids.generate(schema, item, sequence);
        return generated.isEmpty() ? item : (T) schema.fromItem(schema.encode(item, generated).attributes());
    }

    /**
     * The count of what {@code query} selects; validation and token errors are thrown here, before any request.
     *
     * @param policy the retries of the batch gets that read items an index holds in part
     */
    Operation<Long> count(ItemQuery query, BatchPolicy policy) {
        return new ItemCount(table, query, registry, values, tokens, policy);
    }

    /** A subtree deletion; a bad resume token is thrown here, before any request. */
    Operation<SubtreeDeletion> deleteSubtree(KeyPath prefix, long maxItems, String resumeToken, BatchPolicy policy) {
        return new SubtreeDelete(table, prefix, maxItems, resumeToken, tokens, policy);
    }

    /** Starts one page of {@code query} read in {@code shape}; errors are thrown here, before any request. */
    QueryPager query(ItemQuery query, ReadShape shape) {
        return QueryPager.start(table, query, shape, values, tokens);
    }

    /** Starts one page of {@code scan} read in {@code shape}; errors are thrown here, before any request. */
    ScanPager scan(ItemScan scan, ReadShape shape) {
        return ScanPager.start(table, scan, shape, values, tokens);
    }

    /** Starts one page of {@code query}; validation and token errors are thrown here, before any request. */
    public QueryPager query(ItemQuery query) {
        return QueryPager.start(table, query, registry, values, tokens);
    }

    /** Starts one page of the keys {@code query} selects; errors are thrown here, before any request. */
    QueryPager queryKeys(ItemQuery query) {
        return QueryPager.startKeys(table, query, registry, values, tokens);
    }
}
