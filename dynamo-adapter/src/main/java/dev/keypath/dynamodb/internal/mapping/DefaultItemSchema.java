package dev.keypath.dynamodb.internal.mapping;

import dev.keypath.KeyId;
import dev.keypath.KeyPath;
import dev.keypath.KeyPathFormatException;
import dev.keypath.KeyPathTemplate;
import dev.keypath.dynamodb.ItemMappingException;
import dev.keypath.dynamodb.ItemSchema;
import dev.keypath.dynamodb.KeyPathMismatchException;
import dev.keypath.dynamodb.UnknownItemTypeException;
import dev.keypath.dynamodb.UnreadableItemException;
import dev.keypath.dynamodb.annotation.AutoId;
import dev.keypath.dynamodb.annotation.IndexProjection;
import dev.keypath.dynamodb.annotation.ItemType;
import dev.keypath.dynamodb.annotation.SecondaryKeyPath;
import dev.keypath.dynamodb.annotation.SecondaryKeyPaths;
import dev.keypath.dynamodb.annotation.TimeToLive;
import dev.keypath.dynamodb.annotation.UniqueKeyPath;
import dev.keypath.dynamodb.annotation.UniqueKeyPaths;
import dev.keypath.dynamodb.annotation.Version;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import tools.jackson.databind.json.JsonMapper;

/**
 * Reflection-built mapping of one {@link ItemType} class. Key fields go to {@code pk}/{@code sk}; the rest is
 * serialized by Jackson straight into native attribute values ({@link AttributeValueGenerator}), and stored items
 * are read by Jackson's deserializer straight from their attribute values ({@link AttributeMapParser}): no token
 * buffers, no {@code JsonNode} trees. Immutable and thread-safe.
 *
 * <p>Key and version fields are found by their Java names and stored, or left out, under the names Jackson gives
 * them (a naming strategy or {@code @JsonProperty} renames them).
 *
 * @param <T> the mapped class
 */
public final class DefaultItemSchema<T> implements ItemSchema<T> {
    /** A key variable bound to a property; {@code where} names it in errors ({@code Type.variable}). */
    public record KeyField(String variable, Property property, KeyFieldType fieldType, AutoId.Strategy autoId, String where) {
    }

    /**
     * A secondary key path stored in an index: a global one ({@code <index>_pk}/{@code <index>_sk}) or a local one
     * ({@code <index>_sk} beside the table's {@code pk}), with what the index holds besides its keys.
     */
    public record SecondaryKey(String index, KeyLayout template, List<KeyField> fields, boolean local,
                               IndexProjection projection, List<String> include) {
    }

    /** An alternate key path that at most one item may hold ({@link UniqueKeyPath}). */
    public record UniqueKey(KeyLayout template, List<KeyField> fields) {
    }

    /** The key path and attributes of an encoded item. */
    public record Encoded(KeyPath keyPath, Map<String, AttributeValue> attributes) {
    }

    /** The mapper used when the caller gives none, built on first use. */
    private static final class DefaultMapper {
        static final JsonMapper INSTANCE = JsonMapper.builder().build();

        static {
            defaultMapperBuilt = true;
        }
    }

    private static volatile boolean defaultMapperBuilt;

    private final Class<T> type;
    private final String typeName;
    private final KeyPathTemplate template;
    private final KeyLayout keyTemplate;
    private final List<KeyField> keyFields;
    private final Property version;
    /** The attribute the version is stored under: the version field's name as Jackson writes it. */
    private final String versionName;
    private final Property ttl;
    /** The {@code @CreatedAt} and {@code @UpdatedAt} fields, or null. */
    private final TimestampField createdAt;
    private final TimestampField updatedAt;
    private final List<SecondaryKey> secondaryKeys;
    private final List<UniqueKey> uniqueKeys;
    /** The stored names of the fields that alternate key paths use: updates may not change them. */
    private final Set<String> uniqueFieldNames;
    private final Set<String> reserved;
    private final MapperSource mapper;
    /** Built when an item first needs Jackson. */
    private volatile JacksonItemCodec jackson;
    /** Maps the type without Jackson when it qualifies ({@link PlainRecords}); else null. */
    private final PlainRecordCodec plain;
    /** The key fields' names as Jackson writes them: never stored as attributes. */
    private final Set<String> keyFieldNames;
    /** The names the type's other fields are stored under, in field order (absent while a field is null). */
    private final List<String> fieldAttributes;
    /** The key fields' property names, in key order, as the deserializer reads them. */
    private final String[] keyPropertyNames;
    /** Reserved attribute names and key field names: never stored as, or read from, attributes. */
    private final NameSet notStored;
    private final int propertyCount;
    private final AttributeValue typeAttribute;
    private final boolean usesSequence;
    /** Whether some key field is an auto id. */
    private final boolean hasAutoIds;
    /** For records: the components in order and the canonical constructor taking them as an array; else null. */
    private final Property[] components;
    private final RecordConstructor canonicalConstructor;
    /** For records: each key field's component index, and the version's (-1 without one). */
    private final int[] keyFieldComponents;
    private final int versionComponent;
    /** The mapper items are read with: the caller's, with keypath's module. */
    /** The projections of this type met so far, by view type. */
    private final Map<Class<?>, ProjectionSchema<?>> projections = new ConcurrentHashMap<>();

    private DefaultItemSchema(Class<T> type, MapperSource mapper) {
        this.type = type;
        this.mapper = mapper;
        ItemType ann = type.getAnnotation(ItemType.class);
        if (ann == null) {
            throw new ItemMappingException(type.getName() + " is not annotated with @ItemType");
        }
        this.typeName = ann.name().isEmpty() ? type.getSimpleName() : ann.name();
        try {
            this.template = KeyPathTemplate.parse(ann.keyPath());
        } catch (IllegalArgumentException e) {
            throw new ItemMappingException("Bad @ItemType key path of " + type.getName() + ": " + e.getMessage(), null, e);
        }
        Map<String, Property> props = Property.of(type);
        this.keyFields = bind(template, props, true);
        this.keyTemplate = new KeyLayout(template);
        Property v = null;
        Property t = null;
        for (Property p : props.values()) {
            if (p.annotation(Version.class) != null) {
                Class<?> c = p.javaType();
                if (v != null || !(c == long.class || c == Long.class || c == int.class || c == Integer.class)) {
                    throw new ItemMappingException(type.getName() + "." + p.name()
                            + ": @Version needs one long/int field per type");
                }
                v = p;
            }
            if (p.annotation(TimeToLive.class) != null) {
                Class<?> c = p.javaType();
                if (t != null || !(c == Instant.class || c == long.class || c == Long.class)) {
                    throw new ItemMappingException(type.getName() + "." + p.name()
                            + ": @TimeToLive needs one Instant or long (epoch seconds) field per type");
                }
                t = p;
            }
        }
        this.version = v;
        this.ttl = t;
        List<Property> all = List.copyOf(props.values());
        int[] keyComponents = new int[keyFields.size()];
        for (int i = 0; i < keyComponents.length; i++) {
            keyComponents[i] = all.indexOf(keyFields.get(i).property());
        }
        this.plain = mapper.isDefault() && type.isRecord() ? PlainRecords.item(type, keyComponents, props) : null;
        // under the default mapper a plain record's properties keep their Java names
        Map<String, String> jsonNames = plain != null ? Map.of() : JsonNames.of(ItemMappers.of(mapper.get()), type);
        this.secondaryKeys = secondaryKeys(props, jsonNames);
        this.uniqueKeys = uniqueKeys(props);
        Set<String> uniqueNames = new HashSet<>();
        for (UniqueKey u : uniqueKeys) {
            for (KeyField f : u.fields()) {
                uniqueNames.add(f.property().name());
                uniqueNames.add(jsonNames.getOrDefault(f.property().name(), f.property().name()));
            }
        }
        this.uniqueFieldNames = Set.copyOf(uniqueNames);
        Set<String> res = new HashSet<>(Set.of(TableAttributes.PK, TableAttributes.SK, TableAttributes.TYPE,
                TableAttributes.TTL, TableAttributes.ALIASES));
        for (SecondaryKey sk : secondaryKeys) {
            if (!sk.local()) {
                res.add(TableAttributes.gsiPk(sk.index()));
            }
            res.add(TableAttributes.gsiSk(sk.index()));
        }
        this.reserved = Set.copyOf(res);
        for (Property p : props.values()) {
            if (reserved.contains(p.name())) {
                throw new ItemMappingException(type.getName() + "." + p.name() + ": '" + p.name()
                        + "' is a reserved attribute name of key-path tables");
            }
        }
        this.versionName = version == null ? null : jsonNames.getOrDefault(version.name(), version.name());
        this.createdAt = timestampField(props, jsonNames, dev.keypath.dynamodb.annotation.CreatedAt.class);
        this.updatedAt = timestampField(props, jsonNames, dev.keypath.dynamodb.annotation.UpdatedAt.class);
        this.usesSequence = checkAutoIds();
        this.keyPropertyNames = new String[keyFields.size()];
        boolean autoIds = false;
        for (int i = 0; i < keyPropertyNames.length; i++) {
            String name = keyFields.get(i).property().name();
            keyPropertyNames[i] = jsonNames.getOrDefault(name, name);
            autoIds |= keyFields.get(i).autoId() != null;
        }
        this.keyFieldNames = Set.of(keyPropertyNames);
        List<String> fields = new ArrayList<>();
        for (String name : props.keySet()) {
            String stored = jsonNames.getOrDefault(name, name);
            if (!keyFieldNames.contains(stored)) {
                fields.add(stored);
            }
        }
        this.fieldAttributes = List.copyOf(fields);
        List<String> special = new ArrayList<>(List.of(TableAttributes.PK, TableAttributes.SK, TableAttributes.TYPE));
        special.addAll(reserved);
        special.addAll(keyFieldNames);
        this.notStored = new NameSet(special); // pk, sk and _type first: every stored item has them
        this.propertyCount = props.size();
        this.typeAttribute = AttributeValues.string(typeName);
        this.hasAutoIds = autoIds;
        if (type.isRecord()) {
            this.components = all.toArray(new Property[0]);
            this.canonicalConstructor = RecordConstructor.of(type);
            this.keyFieldComponents = keyComponents;
            this.versionComponent = version == null ? -1 : all.indexOf(version);
        } else {
            this.components = null;
            this.canonicalConstructor = null;
            this.keyFieldComponents = null;
            this.versionComponent = -1;
        }
    }

    /** The one field of {@code props} annotated with {@code at}, or null. */
    private TimestampField timestampField(Map<String, Property> props, Map<String, String> jsonNames,
                                          Class<? extends java.lang.annotation.Annotation> at) {
        TimestampField found = null;
        for (Property p : props.values()) {
            TimestampField f = TimestampField.of(type, p, jsonNames.getOrDefault(p.name(), p.name()), at);
            if (f != null && found != null) {
                throw new ItemMappingException(type.getName() + "." + p.name() + ": @" + at.getSimpleName()
                        + " is already on " + found.property().name() + "; one field per type");
            }
            found = f != null ? f : found;
        }
        return found;
    }

    /** The {@link SecondaryKeyPath}s of the type, checked: names, templates, local partitions, projections. */
    private List<SecondaryKey> secondaryKeys(Map<String, Property> props, Map<String, String> jsonNames) {
        List<SecondaryKey> sks = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        for (SecondaryKeyPath skp : RepeatedAnnotations.on(type, SecondaryKeyPath.class, SecondaryKeyPaths.class)) {
            KeyPathTemplate st;
            try {
                st = KeyPathTemplate.parse(skp.keyPath());
            } catch (IllegalArgumentException e) {
                throw new ItemMappingException("Bad @SecondaryKeyPath of " + type.getName() + ": " + e.getMessage(),
                        null, e);
            }
            String where = "@SecondaryKeyPath(index = \"" + skp.index() + "\") of " + type.getName();
            if (!skp.index().matches("[A-Za-z0-9_.-]{3,200}")) {
                throw new ItemMappingException("Bad index name '" + skp.index() + "' on " + type.getName()
                        + ": an index name has 3 to 200 characters, each one of a-z, A-Z, 0-9, '_', '.' and '-' "
                        + "(DynamoDB's rule for index names, kept short enough for the key attributes "
                        + "<index>_pk and <index>_sk)");
            }
            if (!seen.add(skp.index())) {
                throw new ItemMappingException(where + " is declared twice");
            }
            if (skp.local() && !samePartition(st)) {
                throw new ItemMappingException(where + ": a local index shares the item's partition, so the first "
                        + "element of " + st + " must be the first element of " + template);
            }
            List<String> include = List.of(skp.include());
            if (skp.projection() == IndexProjection.INCLUDE) {
                if (include.isEmpty()) {
                    throw new ItemMappingException(where + ": projection INCLUDE needs the attributes to include");
                }
                Set<String> stored = new HashSet<>();
                props.keySet().forEach(n -> stored.add(jsonNames.getOrDefault(n, n)));
                keyFields.forEach(f -> stored.remove(jsonNames.getOrDefault(f.property().name(), f.property().name())));
                for (String a : include) {
                    if (!stored.contains(a)) {
                        throw new ItemMappingException(where + ": include names '" + a + "', which is not a stored "
                                + "attribute of the type (stored: " + new TreeSet<>(stored) + ")");
                    }
                }
            } else if (!include.isEmpty()) {
                throw new ItemMappingException(where + ": include is only for projection INCLUDE, not "
                        + skp.projection());
            }
            sks.add(new SecondaryKey(skp.index(), new KeyLayout(st), bind(st, props, false), skp.local(),
                    skp.projection(), include));
        }
        return List.copyOf(sks);
    }

    /** Whether {@code other} starts with this type's partition element: same namespace and variable or literal. */
    private boolean samePartition(KeyPathTemplate other) {
        if (!template.namespace(0).equals(other.namespace(0))) {
            return false;
        }
        String mine = variableAt(template, 0);
        String theirs = variableAt(other, 0);
        if (mine != null || theirs != null) {
            return mine != null && mine.equals(theirs);
        }
        return Objects.equals(template.bindPrefix(Map.of()).id(0), other.bindPrefix(Map.of()).id(0));
    }

    private static String variableAt(KeyPathTemplate t, int position) {
        for (String v : t.variables()) {
            if (t.indexOf(v) == position) {
                return v;
            }
        }
        return null;
    }

    /** The {@link UniqueKeyPath}s of the type, checked. */
    private List<UniqueKey> uniqueKeys(Map<String, Property> props) {
        List<UniqueKey> keys = new ArrayList<>();
        for (UniqueKeyPath u : RepeatedAnnotations.on(type, UniqueKeyPath.class, UniqueKeyPaths.class)) {
            KeyPathTemplate ut;
            try {
                ut = KeyPathTemplate.parse(u.value());
            } catch (IllegalArgumentException e) {
                throw new ItemMappingException("Bad @UniqueKeyPath of " + type.getName() + ": " + e.getMessage(),
                        null, e);
            }
            if (ut.variables().isEmpty()) {
                throw new ItemMappingException("@UniqueKeyPath(\"" + u.value() + "\") of " + type.getName()
                        + " has no variable, so only one item of the type could ever exist; name a field in it");
            }
            keys.add(new UniqueKey(new KeyLayout(ut), bind(ut, props, false)));
        }
        return List.copyOf(keys);
    }

    /** Whether a put can change the item it stores: it generates ids or sets a version. */
    public boolean putChangesItem() {
        return hasAutoIds || version != null;
    }

    /**
     * {@code item} as a put stored it: unset auto-id key fields take the ids of {@code keyPath}, and the version
     * becomes {@code newVersion} (when the type has one and it is not negative). A record is rebuilt through its
     * canonical constructor from its own component values, with no Jackson pass; any other class is read back
     * from the stored {@code attributes}.
     */
    public Object storedForm(Object item, KeyPath keyPath, long newVersion, Map<String, AttributeValue> attributes) {
        if (canonicalConstructor == null) {
            return fromItem(attributes, keyPath);
        }
        Object[] args = new Object[components.length];
        for (int i = 0; i < args.length; i++) {
            args[i] = components[i].get(item);
        }
        KeyId[] ids = null;
        for (int k = 0; k < keyFieldComponents.length; k++) {
            KeyField f = keyFields.get(k);
            int at = keyFieldComponents[k];
            if (f.autoId() != null && f.fieldType().isUnset(args[at])) {
                if (ids == null) {
                    ids = keyTemplate.match(keyPath);
                }
                args[at] = f.fieldType().fromKeyId(ids[k], f.where());
            }
        }
        if (versionComponent >= 0 && newVersion >= 0) {
            Class<?> v = version.javaType();
            args[versionComponent] = v == int.class || v == Integer.class ? (Object) Math.toIntExact(newVersion)
                    : (Object) newVersion;
        }
        try {
            return canonicalConstructor.construct(args);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable e) {
            throw new ItemMappingException("Cannot construct a " + type.getName(), keyPath, e);
        }
    }

    /** keypath's default mapper if something already built it, else null (without building it). */
    static JsonMapper defaultMapperIfBuilt() {
        return defaultMapperBuilt ? DefaultMapper.INSTANCE : null;
    }

    /** keypath's default Jackson mapper, shared (Jackson mappers are immutable and thread-safe). */
    public static JsonMapper defaultMapper() {
        return DefaultMapper.INSTANCE;
    }

    /** Introspects {@code type} for {@code mapper} (null: keypath's default). */
    public static <T> DefaultItemSchema<T> create(Class<T> type, JsonMapper mapper) {
        return create(type, MapperSource.of(mapper, false));
    }

    /** Introspects {@code type} for the mapper of {@code mapper}. */
    public static <T> DefaultItemSchema<T> create(Class<T> type, MapperSource mapper) {
        return new DefaultItemSchema<>(type, mapper);
    }

    /** Whether items of this type map without Jackson. */
    public boolean mapsWithoutJackson() {
        return plain != null;
    }

    private JacksonItemCodec jackson() {
        JacksonItemCodec j = jackson;
        if (j == null) {
            j = JacksonItemCodec.of(type, mapper.get());
            jackson = j;
        }
        return j;
    }

    private List<KeyField> bind(KeyPathTemplate tpl, Map<String, Property> props, boolean primary) {
        List<KeyField> fields = new ArrayList<>();
        for (String var : tpl.variables()) {
            Property p = props.get(var);
            if (p == null) {
                throw new ItemMappingException("Key path template " + tpl + " of " + type.getName()
                        + " names '" + var + "', which is not a field of the type");
            }
            String where = type.getSimpleName() + "." + var;
            AutoId auto = p.annotation(AutoId.class);
            fields.add(new KeyField(var, p, KeyFieldType.forType(p.javaType(), where),
                    primary && auto != null ? auto.value() : null, where));
        }
        return List.copyOf(fields);
    }

    /** Validates auto-id fields; returns true if one uses SEQUENCE. */
    private boolean checkAutoIds() {
        boolean seq = false;
        for (int i = 0; i < keyFields.size(); i++) {
            KeyField f = keyFields.get(i);
            if (f.autoId() == null) {
                continue;
            }
            String where = type.getName() + "." + f.variable();
            switch (f.autoId()) {
                case UUID_V4, UUID_V7 -> {
                    if (f.fieldType().type() != UUID.class) {
                        throw new ItemMappingException(where + ": @AutoId(" + f.autoId() + ") needs a UUID field");
                    }
                }
                case SEQUENCE -> {
                    if (!f.fieldType().isIntegral() || i != keyFields.size() - 1) {
                        throw new ItemMappingException(where + ": @AutoId(SEQUENCE) needs a long/int field that is "
                                + "the id of the last key path element");
                    }
                    if (template.size() < 2) {
                        throw new ItemMappingException(where + ": @AutoId(SEQUENCE) counts per parent, and "
                                + template + " has no parent (its id is the partition key); use UUID_V7 for "
                                + "time-ordered ids of a top-level type");
                    }
                    seq = true;
                }
                default -> throw new IllegalStateException();
            }
        }
        return seq;
    }

    @Override
    public Class<T> type() {
        return type;
    }

    @Override
    public String typeName() {
        return typeName;
    }

    @Override
    public KeyPathTemplate keyPathTemplate() {
        return template;
    }

    @Override
    public Optional<String> versionAttribute() {
        return Optional.ofNullable(versionName);
    }

    public List<KeyField> keyFields() {
        return keyFields;
    }

    public List<SecondaryKey> secondaryKeys() {
        return secondaryKeys;
    }

    public List<UniqueKey> uniqueKeys() {
        return uniqueKeys;
    }

    /** Whether the type declares alternate key paths, so its writes keep alias items. */
    public boolean hasAliases() {
        return !uniqueKeys.isEmpty();
    }

    /** Whether {@code attribute}, a stored or Java name, is a field some alternate key path uses. */
    public boolean isUniqueField(String attribute) {
        return uniqueFieldNames.contains(attribute);
    }

    /** The alternate key paths {@code item} holds, in declaration order; those with a null variable are left out. */
    public List<KeyPath> aliasPaths(Object item, Map<String, Object> generated) {
        List<KeyPath> paths = new ArrayList<>(uniqueKeys.size());
        for (UniqueKey u : uniqueKeys) {
            KeyPath p = bindOptional(u.template(), u.fields(), item, generated, "unique key path " + u.template().source());
            if (p != null) {
                paths.add(p);
            }
        }
        return paths;
    }

    public boolean isVersioned() {
        return version != null;
    }

    public boolean hasTtl() {
        return ttl != null;
    }

    /** The {@code @TimeToLive} field, if the type has one. */
    public Optional<Property> ttlProperty() {
        return Optional.ofNullable(ttl);
    }

    /** The expiry of {@code item} in epoch seconds, or null when it has none. */
    public Long ttlEpochSecond(Object item) {
        Object t = ttl.get(item);
        return t instanceof Instant i ? (Long) i.getEpochSecond() : t == null ? null : (Long) ((Number) t).longValue();
    }

    /** The {@code @CreatedAt} field, or null. */
    public TimestampField createdAt() {
        return createdAt;
    }

    /** The {@code @UpdatedAt} field, or null. */
    public TimestampField updatedAt() {
        return updatedAt;
    }

    public boolean usesSequence() {
        return usesSequence;
    }

    public Set<String> reservedAttributes() {
        return reserved;
    }

    /**
     * The attribute names the type's non-key fields are stored under, in field order; a null field's is absent
     * from the stored item.
     */
    public List<String> fieldAttributes() {
        return fieldAttributes;
    }

    public boolean isKeyField(String name) {
        return keyFieldNames.contains(name);
    }

    /** The item's current version, 0 when unset. */
    public long versionOf(Object item) {
        Object v = version.get(item);
        return v == null ? 0 : ((Number) v).longValue();
    }

    /**
     * The collection prefix under which a SEQUENCE id is allocated, e.g. {@code /user-1/post}, from the other key
     * fields of {@code item}.
     */
    public KeyPath sequencePrefix(Object item) {
        Map<String, KeyId> ids = new LinkedHashMap<>();
        for (int i = 0; i < keyFields.size() - 1; i++) {
            KeyField f = keyFields.get(i);
            ids.put(f.variable(), keyIdOf(f, f.property().get(item), null));
        }
        return template.bindPrefix(ids);
    }

    @Override
    public KeyPath keyPathOf(T item) {
        return keyPathOf(item, Map.of());
    }

    public KeyPath keyPathOf(Object item, Map<String, Object> generated) {
        KeyId[] ids = new KeyId[keyFields.size()];
        for (int i = 0; i < ids.length; i++) {
            KeyField f = keyFields.get(i);
            ids[i] = keyIdOf(f, keyValue(f, item, generated), f.autoId());
        }
        try {
            return keyTemplate.bind(ids);
        } catch (IllegalArgumentException e) {
            throw new ItemMappingException("Cannot build the key path of a " + type.getSimpleName() + ": "
                    + e.getMessage(), null, e);
        }
    }

    /** The value of a key field: the generated one if there is one, else the item's. */
    private static Object keyValue(KeyField f, Object item, Map<String, Object> generated) {
        return !generated.isEmpty() && generated.containsKey(f.variable()) ? generated.get(f.variable())
                : f.property().get(item);
    }

    private KeyId keyIdOf(KeyField f, Object v, AutoId.Strategy auto) {
        if (v == null || (auto != null && f.fieldType().isUnset(v))) {
            throw new ItemMappingException("Key field " + type.getSimpleName() + "." + f.variable() + " is not set"
                    + (auto != null ? " (auto ids are generated by put, not by keyPathOf/toItem)" : ""));
        }
        return f.fieldType().toKeyId(v);
    }

    @Override
    public Map<String, AttributeValue> toItem(T item) {
        Map<String, AttributeValue> attrs = encode(item, Map.of()).attributes();
        Long expiry = ttl == null ? null : ttlEpochSecond(item);
        if (expiry != null) {
            attrs.put(TableAttributes.TTL, AttributeValues.number(expiry));
        }
        return attrs;
    }

    /**
     * Encodes {@code item}, with {@code generated} values replacing unset auto-id key fields: key, type, fields and
     * secondary keys. The expiry attribute is the time-to-live extension's (and {@link #toItem}'s).
     */
    public Encoded encode(Object item, Map<String, Object> generated) {
        if (!type.isInstance(item)) {
            throw new UnknownItemTypeException(item.getClass().getName() + " is not a " + type.getName(), null);
        }
        KeyPath path = keyPathOf(item, generated);
        Map<String, AttributeValue> attrs = new LinkedHashMap<>(2 * (propertyCount + 6));
        attrs.put(TableAttributes.PK, AttributeValues.binary(path.partitionKey()));
        attrs.put(TableAttributes.SK, AttributeValues.binary(path.sortKey()));
        attrs.put(TableAttributes.TYPE, typeAttribute);
        if (plain == null || item.getClass() != type || !plain.writeItem(item, attrs)) {
            if (attrs.size() > 3) { // a plain write declined half way: Jackson writes the whole item
                attrs.keySet().retainAll(List.of(TableAttributes.PK, TableAttributes.SK, TableAttributes.TYPE));
            }
            jackson().write(type, item, path, attrs, name -> storedName(name, path));
        }
        for (SecondaryKey sk : secondaryKeys) {
            KeyPath sp = secondaryPath(sk, item, path, generated);
            if (sp != null) {
                if (!sk.local()) {
                    attrs.put(TableAttributes.gsiPk(sk.index()), AttributeValues.binary(sp.partitionKey()));
                }
                attrs.put(TableAttributes.gsiSk(sk.index()), AttributeValues.binary(sp.sortKey()));
            }
        }
        if (!uniqueKeys.isEmpty()) {
            List<KeyPath> aliases = aliasPaths(item, generated);
            if (!aliases.isEmpty()) {
                attrs.put(TableAttributes.ALIASES, aliasList(aliases));
            }
        }
        return new Encoded(path, attrs);
    }

    /** Whether a serialized property is stored: not if it is a key field; an error if its name is reserved. */
    private boolean storedName(String name, KeyPath path) {
        if (!notStored.contains(name)) {
            return true;
        }
        if (isKeyField(name)) {
            return false;
        }
        if (reserved.contains(name)) {
            throw new ItemMappingException("Property '" + name + "' of " + type.getName()
                    + " uses a reserved attribute name", path, null);
        }
        return true;
    }

    private KeyPath secondaryPath(SecondaryKey sk, Object item, KeyPath path, Map<String, Object> generated) {
        try {
            return bindOptional(sk.template(), sk.fields(), item, generated, "secondary key path for index "
                    + sk.index());
        } catch (ItemMappingException e) {
            throw new ItemMappingException(e.getMessage(), path, e);
        }
    }

    /** {@code layout} bound with the item's values of {@code fields}; null when one of them is null. */
    private KeyPath bindOptional(KeyLayout layout, List<KeyField> fields, Object item, Map<String, Object> generated,
                                 String what) {
        KeyId[] ids = new KeyId[fields.size()];
        for (int i = 0; i < ids.length; i++) {
            Object v = keyValue(fields.get(i), item, generated);
            if (v == null) {
                return null;
            }
            ids[i] = fields.get(i).fieldType().toKeyId(v);
        }
        try {
            return layout.bind(ids);
        } catch (IllegalArgumentException e) {
            throw new ItemMappingException("Cannot build the " + what + " of a " + type.getSimpleName() + ": "
                    + e.getMessage(), null, e);
        }
    }

    /** The stored form of an item's alternate key paths: a list of their canonical texts. */
    public static AttributeValue aliasList(List<KeyPath> aliases) {
        List<AttributeValue> texts = new ArrayList<>(aliases.size());
        for (KeyPath a : aliases) {
            texts.add(AttributeValues.string(a.toString()));
        }
        return AttributeValue.fromL(texts);
    }

    /** Decodes the key path of a stored item; throws {@link ItemMappingException} on bad key bytes. */
    public static KeyPath keyPathOfItem(Map<String, AttributeValue> item) {
        return keyPathOfItem(item, TableAttributes.PK, TableAttributes.SK);
    }

    /**
     * Decodes the key path a stored item holds in the binary attributes {@code pkAttribute} and {@code skAttribute}
     * (its table key, or an index's); an {@link ItemMappingException} naming them when they are missing or their
     * bytes are not a key path.
     */
    public static KeyPath keyPathOfItem(Map<String, AttributeValue> item, String pkAttribute, String skAttribute) {
        AttributeValue pk = item.get(pkAttribute);
        AttributeValue sk = item.get(skAttribute);
        boolean table = TableAttributes.PK.equals(pkAttribute) && TableAttributes.SK.equals(skAttribute);
        if (pk == null || sk == null || pk.b() == null || sk.b() == null) {
            throw new ItemMappingException("Item has no binary " + pkAttribute + "/" + skAttribute + " attributes",
                    null, null);
        }
        try {
            return KeyPath.decode(pk.b().asByteArrayUnsafe(), sk.b().asByteArrayUnsafe());
        } catch (KeyPathFormatException e) {
            throw new ItemMappingException("Stored " + (table ? "key" : "index key " + pkAttribute + "/"
                    + skAttribute) + " is not a valid key path: " + e.getMessage(), null, e);
        }
    }

    /**
     * {@inheritDoc} A stored item this type cannot read (bad key bytes, a key path off the template, an id or an
     * attribute that does not fit its field) is an {@link UnreadableItemException} naming the key path; an item
     * of another type is an {@link UnknownItemTypeException}.
     */
    @Override
    public T fromItem(Map<String, AttributeValue> item) {
        return fromItem(item, null);
    }

    /**
     * {@link #fromItem(Map)} of an item whose key path the caller already knows (decoded from the same
     * {@code pk}/{@code sk}, or the key it was read by), so the key is not decoded again; null to decode it.
     */
    public T fromItem(Map<String, AttributeValue> item, KeyPath knownPath) {
        try {
            return read(item, knownPath);
        } catch (UnreadableItemException | UnknownItemTypeException e) {
            throw e;
        } catch (ItemMappingException e) {
            throw unreadable(e);
        }
    }

    /**
     * Checks that an item of this type stored at {@code path} can be read from its key: an
     * {@link UnreadableItemException} naming the path when the path is off the template or an id does not fit its
     * field. For key paths read from the table, not given by a caller ({@link #checkKeyPath}).
     */
    public void checkStoredKeyPath(KeyPath path) {
        try {
            typedKeyValuesOf(path);
        } catch (ItemMappingException e) {
            throw unreadable(e);
        }
    }

    /** {@code e}, met reading a stored item, as the item's {@link UnreadableItemException}. */
    private UnreadableItemException unreadable(ItemMappingException e) {
        KeyPath path = e.keyPath().orElse(null);
        String message = e.getMessage();
        if (path != null) {
            message = message.replace(" [key path " + path + "]", "");
        }
        return new UnreadableItemException("Stored item cannot be read as " + typeName + ": " + message, path, e);
    }

    private T read(Map<String, AttributeValue> item, KeyPath knownPath) {
        KeyPath path = knownPath != null ? knownPath : keyPathOfItem(item);
        AttributeValue tn = item.get(TableAttributes.TYPE);
        if (tn == null || !typeName.equals(tn.s())) {
            throw new UnknownItemTypeException("Stored item is of type " + (tn == null ? "(none)" : tn.s())
                    + ", not " + typeName, path);
        }
        Object[] keyValues = typedKeyValuesOf(path);
        if (plain != null) {
            Object read = plain.readItem(item, keyFieldComponents, keyValues);
            if (read != PlainValue.DECLINED) {
                return type.cast(read);
            }
        }
        return jackson().read(type, new AttributeMapParser(item, notStored, keyPropertyNames,
                parsedKeyValues(keyValues, path)), path);
    }

    /**
     * The key fields' values in {@code path}, in key order, as {@link AttributeMapParser} hands them to a
     * deserializer; an {@link ItemMappingException} naming the path when the path is off the template or an id
     * does not fit its field.
     */
    Object[] keyValuesOf(KeyPath path) {
        return parsedKeyValues(typedKeyValuesOf(path), path);
    }

    /**
     * Checks that {@code path} can address an item of this type: it has the template's shape and every id fits its
     * key field. A {@link KeyPathMismatchException} naming the path, the type and its template otherwise; made for
     * a caller's key path, before any request.
     */
    public void checkKeyPath(KeyPath path) {
        String problem = misfit(keyTemplate, keyFields, path);
        if (problem != null) {
            throw new KeyPathMismatchException("Key path cannot address a " + typeName + ", whose key path template is "
                    + template + ": " + problem, path, typeName, template);
        }
    }

    /**
     * Checks that {@code alias} can be one of this type's alternate key paths ({@link UniqueKeyPath}): a
     * {@link KeyPathMismatchException} naming the alias, the type and its unique key path templates otherwise.
     */
    public void checkAliasPath(KeyPath alias) {
        List<String> problems = new ArrayList<>();
        for (UniqueKey u : uniqueKeys) {
            String problem = misfit(u.template(), u.fields(), alias);
            if (problem == null) {
                return;
            }
            problems.add(u.template().source() + ": " + problem);
        }
        throw new KeyPathMismatchException("Alias cannot be a unique key path of " + typeName + " ("
                + String.join("; ", problems) + ")", alias, typeName,
                uniqueKeys.isEmpty() ? template : uniqueKeys.get(0).template().source());
    }

    /** Why {@code path} cannot be bound from {@code fields} into {@code layout}, or null when it can. */
    private static String misfit(KeyLayout layout, List<KeyField> fields, KeyPath path) {
        KeyId[] ids = layout.match(path);
        if (ids == null) {
            return "its namespaces or ids are not the template's";
        }
        for (int i = 0; i < ids.length; i++) {
            KeyField f = fields.get(i);
            try {
                f.fieldType().fromKeyId(ids[i], f.where());
            } catch (ItemMappingException e) {
                return "its " + ids[i].type().name().toLowerCase(java.util.Locale.ROOT) + " id " + ids[i]
                        + " does not fit key field " + f.where() + " (" + f.fieldType().type().getSimpleName() + ")";
            }
        }
        return null;
    }

    /** The key fields' Java values in {@code path}, in key order. */
    private Object[] typedKeyValuesOf(KeyPath path) {
        KeyId[] ids = keyTemplate.match(path);
        if (ids == null) {
            throw new ItemMappingException("Stored key path does not match template " + template + " of "
                    + type.getName(), path, null);
        }
        Object[] keyValues = new Object[ids.length];
        for (int i = 0; i < ids.length; i++) {
            KeyField f = keyFields.get(i);
            try {
                keyValues[i] = f.fieldType().fromKeyId(ids[i], f.where());
            } catch (ItemMappingException e) {
                throw new ItemMappingException(e.getMessage(), path, e);
            }
        }
        return keyValues;
    }

    /** Key values as the parser hands them to Jackson (a new array). */
    private Object[] parsedKeyValues(Object[] typed, KeyPath path) {
        Object[] parsed = new Object[typed.length];
        for (int i = 0; i < typed.length; i++) {
            try {
                parsed[i] = parsedKeyValue(typed[i], keyFields.get(i).where());
            } catch (ItemMappingException e) {
                throw new ItemMappingException(e.getMessage(), path, e);
            }
        }
        return parsed;
    }

    /** The key fields' property names as Jackson reads them, in key order. */
    String[] keyPropertyNames() {
        return keyPropertyNames.clone();
    }

    /** The attribute names never read as properties: the reserved ones and the key fields. */
    NameSet notStored() {
        return notStored;
    }

    /** The mapper this type is read with (built on first use). */
    JsonMapper itemMapper() {
        return ItemMappers.of(mapper.get());
    }

    /**
     * The projection of this type onto {@code view}, checked and compiled on first use; an
     * {@link dev.keypath.dynamodb.InvalidProjectionException} when a view property is not readable from this type.
     */
    @SuppressWarnings("unchecked")
    public <P> ProjectionSchema<P> projectionSchema(Class<P> view) {
        return (ProjectionSchema<P>) projections.computeIfAbsent(view, v -> ProjectionSchema.create(this, v));
    }

    @Override
    public <P> dev.keypath.dynamodb.Projection<P> projection(Class<P> view) {
        projectionSchema(view);
        return dev.keypath.dynamodb.Projection.of(type, view);
    }

    /**
     * A key field's value as the parser hands it to the deserializer: as the tokens Jackson's default serializers
     * give it (strings, longs and ints as they are, a UUID as its text, anything else through the mapper).
     */
    private Object parsedKeyValue(Object value, String where) {
        if (value instanceof String || value instanceof Long || value instanceof Integer) {
            return value;
        }
        if (value instanceof UUID u) {
            return u.toString();
        }
        if (value instanceof KeyId k) {
            return k.toString(); // what KeyIdJson reads back
        }
        JacksonItemCodec j = jackson();
        return JacksonValues.toAttribute(j.writer(), j.bigDecimalForFloats(), value, where);
    }

    @Override
    public String toString() {
        return "ItemSchema[" + typeName + " " + template + " -> " + type.getName() + "]";
    }

}
