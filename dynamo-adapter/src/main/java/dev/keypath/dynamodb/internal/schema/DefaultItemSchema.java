package dev.keypath.dynamodb.internal.schema;

import dev.keypath.KeyPath;
import dev.keypath.KeyPathTemplate;
import dev.keypath.dynamodb.ItemHistory;
import dev.keypath.dynamodb.ItemMappingException;
import dev.keypath.dynamodb.ItemSchema;
import dev.keypath.dynamodb.Projection;
import dev.keypath.dynamodb.UnknownItemTypeException;
import dev.keypath.dynamodb.UnreadableItemException;
import dev.keypath.dynamodb.annotation.AutoId;
import dev.keypath.dynamodb.annotation.IndexProjection;
import dev.keypath.dynamodb.annotation.ItemType;
import dev.keypath.dynamodb.annotation.UniqueKeyPath;
import dev.keypath.dynamodb.internal.mapping.ItemMappers;
import dev.keypath.dynamodb.internal.mapping.LazyJacksonCodec;
import dev.keypath.dynamodb.internal.mapping.MapperSource;
import dev.keypath.dynamodb.internal.mapping.NameSet;
import dev.keypath.dynamodb.internal.mapping.Property;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import tools.jackson.databind.json.JsonMapper;

/**
 * Reflection-built mapping of one {@link ItemType} class. Key fields go to {@code pk}/{@code sk}; the rest is
 * serialized by Jackson straight into native attribute values ({@link dev.keypath.dynamodb.internal.mapping.AttributeValueGenerator}), and stored items
 * are read by Jackson's deserializer straight from their attribute values ({@link dev.keypath.dynamodb.internal.mapping.AttributeMapParser}): no token
 * buffers, no {@code JsonNode} trees. Immutable and thread-safe.
 *
 * <p>Key and version fields are found by their Java names and stored, or left out, under the names Jackson gives
 * them (a naming strategy or {@code @JsonProperty} renames them). The work is done by the parts it holds: what the
 * class declares ({@link ItemDeclaration}), the key binding ({@link ItemKeys}), the secondary and unique key paths
 * ({@link IndexKeyPaths}, {@link AliasKeyPaths}), the attribute names ({@link StoredNames}), the encoder and
 * decoder ({@link ItemEncoder}, {@link ItemDecoder}) and a record's stored form ({@link RecordStoredForm}).
 *
 * @param <T> the mapped class
 */
public final class DefaultItemSchema<T> implements ItemSchema<T> {
    /** A key variable bound to a property; {@code where} names it in errors ({@code Type.variable}). */
    public record KeyField(String variable, Property property, KeyFieldType fieldType, AutoId.Strategy autoId, String where) {
    }

    /**
     * A secondary key path stored in an index: a global one ({@code <index>_pk}/{@code <index>_sk}) or a local one
     * ({@code <index>_sk} beside the table's {@code pk}), with what the index holds besides its keys, and how a
     * global one's partition is spread over shards (null when it is not).
     */
    public record SecondaryKey(String index, KeyLayout template, List<KeyField> fields, boolean local,
                               IndexProjection projection, List<String> include, ShardRule shards) {
        /** The {@code <index>_pk} an item whose secondary key path is {@code path} stores: in its shard if sharded. */
        public byte[] partitionKeyForPut(KeyPath path, String typeName) {
            return shards == null ? path.partitionKey() : shards.partitionKeyForPut(path, typeName);
        }
    }

    /** An alternate key path that at most one item may hold ({@link UniqueKeyPath}). */
    public record UniqueKey(KeyLayout template, List<KeyField> fields) {
    }

    /** The key path and attributes of an encoded item. */
    public record Encoded(KeyPath keyPath, Map<String, AttributeValue> attributes) {
    }

    private final Class<T> type;
    private final MapperSource mapper;
    private final ItemDeclaration declared;
    private final ItemKeys keys;
    private final RoleFields roles;
    private final AliasKeyPaths aliasKeys;
    private final StoredNames names;
    private final ItemEncoder encoder;
    private final ItemDecoder<T> decoder;
    /** The versions of the stored form: upgrades on read, the version written. */
    private final SchemaEvolution evolution;
    /** For records: how a put's item is rebuilt as stored; else null (it is read back from its attributes). */
    private final RecordStoredForm recordForm;
    /** The projections of this type met so far, by view type. */
    private final Map<Class<?>, ProjectionSchema<?>> projections = new ConcurrentHashMap<>();
    private final LazyJacksonCodec jackson;
    /** While a re-shard is declared: this type writing its former layout ({@link #writingFormer()}); else this. */
    private final DefaultItemSchema<T> writingFormer;

    private DefaultItemSchema(Class<T> type, MapperSource mapper, int writeVersion) {
        this.type = type;
        this.mapper = mapper;
        this.declared = ItemDeclaration.read(type, mapper);
        this.keys = declared.keys();
        this.roles = declared.roles();
        this.aliasKeys = declared.aliasKeys();
        this.names = declared.names();
        this.jackson = new LazyJacksonCodec(type, mapper);
        this.evolution = SchemaEvolution.of(type, declared, writeVersion);
        this.encoder = new ItemEncoder(type, declared, jackson, evolution);
        this.decoder = new ItemDecoder<>(type, declared, jackson, evolution);
        this.recordForm = type.isRecord() ? new RecordStoredForm(type, declared) : null;
        ShardRule shards = declared.shards();
        this.writingFormer = shards != null && shards.resharding() ? new DefaultItemSchema<>(this,
                shards.writingFormer()) : this;
    }

    /** {@code base} with its partition spread by {@code shards} (null: unsharded); it shares everything else. */
    private DefaultItemSchema(DefaultItemSchema<T> base, ShardRule shards) {
        this.type = base.type;
        this.mapper = base.mapper;
        this.declared = base.declared.withShards(shards);
        this.keys = base.keys;
        this.roles = base.roles;
        this.aliasKeys = base.aliasKeys;
        this.names = base.names;
        this.jackson = base.jackson;
        this.evolution = base.evolution;
        this.encoder = new ItemEncoder(type, declared, jackson, evolution);
        this.decoder = base.decoder;
        this.recordForm = base.recordForm;
        this.writingFormer = this;
    }

    /** keypath's default Jackson mapper, shared (Jackson mappers are immutable and thread-safe). */
    public static JsonMapper defaultMapper() {
        return MapperSource.defaultMapper();
    }

    /** Introspects {@code type} for {@code mapper} (null: keypath's default). */
    public static <T> DefaultItemSchema<T> create(Class<T> type, JsonMapper mapper) {
        return create(type, MapperSource.of(mapper, false));
    }

    /** Introspects {@code type} for the mapper of {@code mapper}. */
    public static <T> DefaultItemSchema<T> create(Class<T> type, MapperSource mapper) {
        return new DefaultItemSchema<>(type, mapper, 0);
    }

    /**
     * Introspects {@code type} for the mapper of {@code mapper}, writing its stored form at {@code writeVersion}
     * (0: the current version; else the version before it, while a rolling deploy is under way).
     */
    public static <T> DefaultItemSchema<T> create(Class<T> type, MapperSource mapper, int writeVersion) {
        return new DefaultItemSchema<>(type, mapper, writeVersion);
    }

    @Override
    public Class<T> type() {
        return type;
    }

    @Override
    public String typeName() {
        return declared.typeName();
    }

    @Override
    public KeyPathTemplate keyPathTemplate() {
        return declared.template();
    }

    /** The key path template prepared for binding, matching and judging key ranges. */
    public KeyLayout keyLayout() {
        return declared.layout();
    }

    @Override
    public int schemaVersion() {
        return evolution.current();
    }

    @Override
    public ItemHistory history() {
        return evolution.history();
    }

    @Override
    public int storedVersion(Map<String, AttributeValue> item) {
        return evolution.versionOf(item, null);
    }

    @Override
    public Map<String, AttributeValue> upgrade(Map<String, AttributeValue> item) {
        if (evolution.isCurrent(item)) {
            return item;
        }
        KeyPath path;
        try {
            path = StoredKeyPaths.of(item);
        } catch (ItemMappingException e) {
            path = null; // named in the message if the upgrade fails, when it decodes
        }
        return evolution.upgrade(item, path);
    }

    /** The versions of this type's stored form. */
    public SchemaEvolution evolution() {
        return evolution;
    }

    /** The stored type names this type reads: its current name first, then former ones. */
    public Set<String> storedTypeNames() {
        return evolution.typeNames();
    }

    @Override
    public Optional<String> versionAttribute() {
        return Optional.ofNullable(declared.versionName());
    }

    public List<KeyField> keyFields() {
        return declared.keyFields();
    }

    public List<SecondaryKey> secondaryKeys() {
        return declared.indexKeys().list();
    }

    /** The attribute names of the secondary keys' partition keys ({@code <index>_pk}), in declaration order. */
    public List<String> indexPartitionAttributes() {
        return declared.indexKeys().partitionAttributes();
    }

    /** The attribute names of the secondary keys' sort keys ({@code <index>_sk}), in declaration order. */
    public List<String> indexSortAttributes() {
        return declared.indexKeys().sortAttributes();
    }

    /** Whether the type declares alternate key paths, so its writes keep alias items. */
    public boolean hasAliases() {
        return !aliasKeys.isEmpty();
    }

    /** Whether {@code attribute}, a stored or Java name, is a field some alternate key path uses. */
    public boolean isUniqueField(String attribute) {
        return aliasKeys.isUniqueField(attribute);
    }

    public boolean isVersioned() {
        return roles.version() != null;
    }

    public boolean hasTtl() {
        return roles.ttl() != null;
    }

    /** The {@code @TimeToLive} field, if the type has one. */
    public Optional<Property> ttlProperty() {
        return Optional.ofNullable(roles.ttl());
    }

    /** The expiry of {@code item} in epoch seconds, or null when it has none. */
    public Long ttlEpochSecond(Object item) {
        return roles.expiryOf(item);
    }

    /** The {@code @CreatedAt} field, or null. */
    public TimestampField createdAt() {
        return declared.createdAt();
    }

    /** The {@code @UpdatedAt} field, or null. */
    public TimestampField updatedAt() {
        return declared.updatedAt();
    }

    public boolean usesSequence() {
        return declared.usesSequence();
    }

    public Set<String> reservedAttributes() {
        return names.reserved();
    }

    /** The names the type's non-key fields are stored under, in field order (a null field's is not stored). */
    public List<String> fieldAttributes() {
        return names.fieldAttributes();
    }

    public boolean isKeyField(String name) {
        return names.keyFieldNames().contains(name);
    }

    /** The key fields' property names as Jackson reads them, in key order. */
    String[] keyPropertyNames() {
        return names.keyPropertyNames().clone();
    }

    /** The attribute names never read as properties: the reserved ones and the key fields. */
    NameSet notStored() {
        return names.notStored();
    }

    /** What the type declares, for its description ({@link TypeDescriptions}). */
    ItemDeclaration declaration() {
        return declared;
    }

    /** The mapper this type is read with (built on first use). */
    JsonMapper itemMapper() {
        return ItemMappers.of(mapper.get());
    }

    /** Whether items of this type map without Jackson. */
    public boolean mapsWithoutJackson() {
        return declared.plain() != null;
    }

    /** The item's current version, 0 when unset. */
    public long versionOf(Object item) {
        return roles.versionOf(item);
    }

    /** Whether a put can change the item it stores: it generates ids or sets a version. */
    public boolean putChangesItem() {
        return declared.hasAutoIds() || roles.version() != null;
    }

    /** How the type's partition is spread over shards ({@code @Sharded}), or null when it is not. */
    public ShardRule shards() {
        return declared.shards();
    }

    /**
     * This type as it writes before the switch of a declared re-shard ({@code @Sharded(formerCount)}): every key
     * in the former layout, as a declaration of that layout alone would write it, with no move; this schema when no
     * re-shard is declared. Reads never use it: they look in both layouts.
     */
    public DefaultItemSchema<T> writingFormer() {
        return writingFormer;
    }

    /**
     * The key field keypath generates at each put of a random-sharded type (the last element's {@code @AutoId} UUID),
     * or null for any other type.
     */
    public KeyField randomShardId() {
        return declared.shards() != null && declared.shards().random()
                ? ItemDeclaration.generatedLastId(declared.template(), declared.keyFields()) : null;
    }

    /** Whether this type declares a re-shard ({@code @Sharded(formerCount)}). */
    public boolean resharding() {
        return declared.shards() != null && declared.shards().resharding();
    }

    /**
     * The layout the type declares, as the table's layout record names it ({@link ShardRule#layoutName()}):
     * {@value ShardRule#UNSHARDED} without {@code @Sharded}; the layout a re-shard moves to while one is declared.
     */
    public String layoutName() {
        return declared.shards() == null ? ShardRule.UNSHARDED : declared.shards().layoutName();
    }

    /** The layout a declared re-shard moves the items from ({@code formerCount}), named as {@link #layoutName()}; or null. */
    public String formerLayoutName() {
        return resharding() ? declared.shards().former().layoutName() : null;
    }

    /**
     * The partition key an item of this type at {@code path} is stored under: the path's own, or its calculated
     * shard's; a {@link dev.keypath.dynamodb.RandomShardException} for a random-sharded type.
     */
    public byte[] partitionKeyOf(KeyPath path) {
        ShardRule shards = declared.shards();
        return shards == null ? path.partitionKey() : shards.partitionKey(path, declared.typeName());
    }

    /**
     * The partition key an item at {@code path} may still be stored under while a re-shard of this type runs
     * ({@code @Sharded(formerCount)}): its calculated shard in the former layout; null when no re-shard runs, the
     * shard is random, or the item's shard is the same in both layouts.
     */
    public byte[] formerPartitionKeyOf(KeyPath path) {
        ShardRule shards = declared.shards();
        if (shards == null || !shards.resharding() || shards.random()) {
            return null;
        }
        byte[] former = shards.former().partitionKey(path, declared.typeName());
        return java.util.Arrays.equals(former, shards.partitionKey(path, declared.typeName())) ? null : former;
    }

    /** See {@link ItemKeys#sequencePrefix}. */
    public KeyPath sequencePrefix(Object item) {
        return keys.sequencePrefix(item);
    }

    @Override
    public KeyPath keyPathOf(T item) {
        return keys.keyPathOf(item, Map.of());
    }

    /** The key path of {@code item}, with {@code generated} values in place of its unset auto-id fields. */
    public KeyPath keyPathOf(Object item, Map<String, Object> generated) {
        return keys.keyPathOf(item, generated);
    }

    /** Checks a caller's key path before any request ({@link ItemKeys#checkKeyPath}). */
    public void checkKeyPath(KeyPath path) {
        keys.checkKeyPath(path);
    }

    /** See {@link AliasKeyPaths#checkAliasPath}. */
    public void checkAliasPath(KeyPath alias) {
        aliasKeys.checkAliasPath(alias);
    }

    @Override
    public Map<String, AttributeValue> toItem(T item) {
        Map<String, AttributeValue> attrs = encoder.encode(item, Map.of()).attributes();
        roles.storeExpiry(item, attrs);
        return attrs;
    }

    /** See {@link ItemEncoder#encode}; the expiry attribute is the time-to-live extension's (and {@link #toItem}'s). */
    public Encoded encode(Object item, Map<String, Object> generated) {
        return encoder.encode(item, generated);
    }

    /**
     * {@code item} as a put stored it at {@code keyPath} with {@code newVersion}: a record rebuilt with no Jackson
     * pass ({@link RecordStoredForm#rebuild}), any other class read back from the stored {@code attributes}.
     */
    public Object storedForm(Object item, KeyPath keyPath, long newVersion, Map<String, AttributeValue> attributes) {
        return recordForm == null ? fromItem(attributes, keyPath) : recordForm.rebuild(item, keyPath, newVersion);
    }

    /**
     * {@inheritDoc} A stored item this type cannot read (bad key bytes, a key path off the template, an id or an
     * attribute that does not fit its field) is an {@link UnreadableItemException} naming the key path; an item
     * of another type is an {@link UnknownItemTypeException}.
     */
    @Override
    public T fromItem(Map<String, AttributeValue> item) {
        return decoder.fromItem(item, null);
    }

    /** {@link #fromItem(Map)} of an item whose key path the caller knows, or null ({@link ItemDecoder#fromItem}). */
    public T fromItem(Map<String, AttributeValue> item, KeyPath knownPath) {
        return decoder.fromItem(item, knownPath);
    }

    /** Checks a key path read from the table, not given by a caller ({@link ItemDecoder#checkStoredKeyPath}). */
    public void checkStoredKeyPath(KeyPath path) {
        decoder.checkStoredKeyPath(path);
    }

    /** See {@link ItemDecoder#keyValuesOf}. */
    Object[] keyValuesOf(KeyPath path) {
        return decoder.keyValuesOf(path);
    }

    /** Decodes the key path of a stored item; throws {@link ItemMappingException} on bad key bytes. */
    public static KeyPath keyPathOfItem(Map<String, AttributeValue> item) {
        return StoredKeyPaths.of(item);
    }

    /** See {@link StoredKeyPaths#of(Map, String, String)}: the key path in a table's or an index's key attributes. */
    public static KeyPath keyPathOfItem(Map<String, AttributeValue> item, String pkAttribute, String skAttribute) {
        return StoredKeyPaths.of(item, pkAttribute, skAttribute);
    }

    /** The projection of this type onto {@code view}, checked and compiled on first use ({@link ProjectionSchema}). */
    @SuppressWarnings("unchecked")
    public <P> ProjectionSchema<P> projectionSchema(Class<P> view) {
        return (ProjectionSchema<P>) projections.computeIfAbsent(view, v -> ProjectionSchema.create(this, v));
    }

    @Override
    public <P> Projection<P> projection(Class<P> view) {
        projectionSchema(view);
        return Projection.of(type, view);
    }

    @Override
    public String toString() {
        return "ItemSchema[" + declared.typeName() + " " + declared.template() + " -> " + type.getName() + "]";
    }
}
