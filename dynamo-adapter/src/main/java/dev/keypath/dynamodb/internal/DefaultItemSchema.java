package dev.keypath.dynamodb.internal;

import dev.keypath.KeyId;
import dev.keypath.KeyPath;
import dev.keypath.KeyPathFormatException;
import dev.keypath.KeyPathTemplate;
import dev.keypath.dynamodb.ItemMappingException;
import dev.keypath.dynamodb.ItemSchema;
import dev.keypath.dynamodb.UnknownItemTypeException;
import dev.keypath.dynamodb.annotation.AutoId;
import dev.keypath.dynamodb.annotation.ItemType;
import dev.keypath.dynamodb.annotation.SecondaryKeyPath;
import dev.keypath.dynamodb.annotation.TimeToLive;
import dev.keypath.dynamodb.annotation.Version;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.ObjectReader;
import tools.jackson.databind.ObjectWriter;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.util.TokenBuffer;

/**
 * Reflection-built mapping of one {@link ItemType} class. Key fields go to {@code pk}/{@code sk}; the rest is
 * serialized by Jackson into a {@link TokenBuffer} whose tokens become native attribute values, and stored items
 * are replayed as tokens into Jackson's deserializer (no {@code JsonNode} trees). Immutable and thread-safe.
 *
 * <p>Key, version and TTL fields are matched to Jackson properties by their Java names.
 *
 * @param <T> the mapped class
 */
public final class DefaultItemSchema<T> implements ItemSchema<T> {
    /** A key variable bound to a property. */
    record KeyField(String variable, Property property, KeyCodec codec, AutoId.Strategy autoId) {
    }

    /** A secondary key path stored in a GSI. */
    record SecondaryKey(String index, KeyPathTemplate template, List<KeyField> fields) {
    }

    /** The key path and attributes of an encoded item. */
    record Encoded(KeyPath keyPath, Map<String, AttributeValue> attributes) {
    }

    /** The mapper used when the caller gives none. */
    private static final JsonMapper DEFAULT_MAPPER = JsonMapper.builder().build();

    private final Class<T> type;
    private final String typeName;
    private final KeyPathTemplate template;
    private final List<KeyField> keyFields;
    private final Property version;
    private final Property ttl;
    private final List<SecondaryKey> secondaryKeys;
    private final Set<String> reserved;
    private final JsonMapper mapper;
    private final ObjectReader reader;
    private final ObjectWriter writer;
    private final Set<String> keyFieldNames;
    private final int propertyCount;
    private final AttributeValue typeAttribute;
    private final boolean usesSequence;

    private DefaultItemSchema(Class<T> type, JsonMapper mapper) {
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
        List<SecondaryKey> sks = new ArrayList<>();
        for (SecondaryKeyPath skp : type.getAnnotationsByType(SecondaryKeyPath.class)) {
            KeyPathTemplate st;
            try {
                st = KeyPathTemplate.parse(skp.keyPath());
            } catch (IllegalArgumentException e) {
                throw new ItemMappingException("Bad @SecondaryKeyPath of " + type.getName() + ": " + e.getMessage(),
                        null, e);
            }
            if (!skp.index().matches("[A-Za-z0-9_.-]{3,200}")) {
                throw new ItemMappingException("Bad GSI name '" + skp.index() + "' on " + type.getName());
            }
            sks.add(new SecondaryKey(skp.index(), st, bind(st, props, false)));
        }
        this.secondaryKeys = List.copyOf(sks);
        Set<String> res = new HashSet<>(Set.of(TableAttributes.PK, TableAttributes.SK, TableAttributes.TYPE,
                TableAttributes.TTL));
        for (SecondaryKey sk : secondaryKeys) {
            res.add(TableAttributes.gsiPk(sk.index()));
            res.add(TableAttributes.gsiSk(sk.index()));
        }
        this.reserved = Set.copyOf(res);
        for (Property p : props.values()) {
            if (reserved.contains(p.name())) {
                throw new ItemMappingException(type.getName() + "." + p.name() + ": '" + p.name()
                        + "' is a reserved attribute name of key-path tables");
            }
        }
        this.usesSequence = checkAutoIds();
        this.reader = mapper.readerFor(type).without(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);
        this.writer = AttributeValues.valueWriter(mapper);
        Set<String> names = new HashSet<>();
        for (KeyField f : keyFields) {
            names.add(f.property().name());
        }
        this.keyFieldNames = Set.copyOf(names);
        this.propertyCount = props.size();
        this.typeAttribute = AttributeValues.string(typeName);
    }

    /** keypath's default Jackson mapper, shared (Jackson mappers are immutable and thread-safe). */
    public static JsonMapper defaultMapper() {
        return DEFAULT_MAPPER;
    }

    /** Introspects {@code type}. */
    public static <T> DefaultItemSchema<T> create(Class<T> type, JsonMapper mapper) {
        return new DefaultItemSchema<>(type, mapper);
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
            fields.add(new KeyField(var, p, KeyCodec.forType(p.javaType(), where),
                    primary && auto != null ? auto.value() : null));
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
                    if (f.codec().type() != UUID.class) {
                        throw new ItemMappingException(where + ": @AutoId(" + f.autoId() + ") needs a UUID field");
                    }
                }
                case SEQUENCE -> {
                    if (!f.codec().isIntegral() || i != keyFields.size() - 1) {
                        throw new ItemMappingException(where + ": @AutoId(SEQUENCE) needs a long/int field that is "
                                + "the id of the last key path element");
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
        return version == null ? Optional.empty() : Optional.of(version.name());
    }

    List<KeyField> keyFields() {
        return keyFields;
    }

    List<SecondaryKey> secondaryKeys() {
        return secondaryKeys;
    }

    boolean isVersioned() {
        return version != null;
    }

    boolean hasTtl() {
        return ttl != null;
    }

    boolean usesSequence() {
        return usesSequence;
    }

    Set<String> reservedAttributes() {
        return reserved;
    }

    boolean isKeyField(String name) {
        return keyFieldNames.contains(name);
    }

    /** The item's current version, 0 when unset. */
    long versionOf(Object item) {
        Object v = version.get(item);
        return v == null ? 0 : ((Number) v).longValue();
    }

    /**
     * The collection prefix under which a SEQUENCE id is allocated, e.g. {@code /user-1/post}, from the other key
     * fields of {@code item}.
     */
    KeyPath sequencePrefix(Object item) {
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

    KeyPath keyPathOf(Object item, Map<String, Object> generated) {
        Map<String, KeyId> ids = new HashMap<>(2 * keyFields.size());
        for (KeyField f : keyFields) {
            Object v = generated.containsKey(f.variable()) ? generated.get(f.variable()) : f.property().get(item);
            ids.put(f.variable(), keyIdOf(f, v, f.autoId()));
        }
        try {
            return template.bind(ids);
        } catch (IllegalArgumentException e) {
            throw new ItemMappingException("Cannot build the key path of a " + type.getSimpleName() + ": "
                    + e.getMessage(), null, e);
        }
    }

    private KeyId keyIdOf(KeyField f, Object v, AutoId.Strategy auto) {
        if (v == null || (auto != null && f.codec().isUnset(v))) {
            throw new ItemMappingException("Key field " + type.getSimpleName() + "." + f.variable() + " is not set"
                    + (auto != null ? " (auto ids are generated by put, not by keyPathOf/toItem)" : ""));
        }
        return f.codec().toKeyId(v);
    }

    @Override
    public Map<String, AttributeValue> toItem(T item) {
        return encode(item, Map.of()).attributes();
    }

    /** Encodes {@code item}, with {@code generated} values replacing unset auto-id key fields. */
    Encoded encode(Object item, Map<String, Object> generated) {
        if (!type.isInstance(item)) {
            throw new UnknownItemTypeException(item.getClass().getName() + " is not a " + type.getName(), null);
        }
        KeyPath path = keyPathOf(item, generated);
        Map<String, AttributeValue> attrs = new LinkedHashMap<>(2 * (propertyCount + 6));
        attrs.put(TableAttributes.PK, AttributeValues.binary(path.partitionKey()));
        attrs.put(TableAttributes.SK, AttributeValues.binary(path.sortKey()));
        attrs.put(TableAttributes.TYPE, typeAttribute);
        writeThroughJackson(item, path, attrs);
        if (ttl != null) {
            Object t = ttl.get(item);
            long epoch = t instanceof Instant i ? i.getEpochSecond() : t == null ? 0 : ((Number) t).longValue();
            if (t != null) {
                attrs.put(TableAttributes.TTL, AttributeValues.number(epoch));
            }
        }
        for (SecondaryKey sk : secondaryKeys) {
            KeyPath sp = secondaryPath(sk, item, path, generated);
            if (sp != null) {
                attrs.put(TableAttributes.gsiPk(sk.index()), AttributeValues.binary(sp.partitionKey()));
                attrs.put(TableAttributes.gsiSk(sk.index()), AttributeValues.binary(sp.sortKey()));
            }
        }
        return new Encoded(path, attrs);
    }

    /** Serializes {@code item} into a token buffer and converts the non-key properties. */
    private void writeThroughJackson(Object item, KeyPath path, Map<String, AttributeValue> attrs) {
        TokenBuffer buffer = AttributeValues.buffer(mapper);
        try {
            writer.writeValue(buffer, item);
        } catch (JacksonException e) {
            throw new ItemMappingException("Jackson cannot serialize " + type.getName() + ": "
                    + e.getOriginalMessage(), path, e);
        }
        try (JsonParser p = buffer.asParser()) {
            JsonToken first = p.nextToken();
            if (first != JsonToken.START_OBJECT) {
                throw new ItemMappingException("Jackson serialized " + type.getName() + " as " + first
                        + ", expected an object", path, null);
            }
            for (String name = p.nextName(); name != null; name = p.nextName()) {
                p.nextToken();
                if (isKeyField(name)) {
                    p.skipChildren();
                    continue;
                }
                if (reserved.contains(name)) {
                    throw new ItemMappingException("Property '" + name + "' of " + type.getName()
                            + " uses a reserved attribute name", path, null);
                }
                attrs.put(name, AttributeValues.read(p, type.getSimpleName()));
            }
        }
    }

    private KeyPath secondaryPath(SecondaryKey sk, Object item, KeyPath path, Map<String, Object> generated) {
        Map<String, KeyId> ids = new LinkedHashMap<>();
        for (KeyField f : sk.fields()) {
            Object v = generated.containsKey(f.variable()) ? generated.get(f.variable()) : f.property().get(item);
            if (v == null) {
                return null;
            }
            ids.put(f.variable(), f.codec().toKeyId(v));
        }
        try {
            return sk.template().bind(ids);
        } catch (IllegalArgumentException e) {
            throw new ItemMappingException("Cannot build secondary key path for index " + sk.index() + ": "
                    + e.getMessage(), path, e);
        }
    }

    /** Decodes the key path of a stored item; throws {@link ItemMappingException} on bad key bytes. */
    static KeyPath keyPathOfItem(Map<String, AttributeValue> item) {
        AttributeValue pk = item.get(TableAttributes.PK);
        AttributeValue sk = item.get(TableAttributes.SK);
        if (pk == null || sk == null || pk.b() == null || sk.b() == null) {
            throw new ItemMappingException("Item has no binary pk/sk attributes", null, null);
        }
        try {
            return KeyPath.decode(pk.b().asByteArrayUnsafe(), sk.b().asByteArrayUnsafe());
        } catch (KeyPathFormatException e) {
            throw new ItemMappingException("Stored key is not a valid key path: " + e.getMessage(), null, e);
        }
    }

    @Override
    public T fromItem(Map<String, AttributeValue> item) {
        KeyPath path = keyPathOfItem(item);
        AttributeValue tn = item.get(TableAttributes.TYPE);
        if (tn == null || !typeName.equals(tn.s())) {
            throw new UnknownItemTypeException("Stored item is of type " + (tn == null ? "(none)" : tn.s())
                    + ", not " + typeName, path);
        }
        Map<String, KeyId> ids = template.match(path).orElseThrow(() -> new ItemMappingException(
                "Stored key path does not match template " + template + " of " + type.getName(), path, null));
        Map<String, Object> keyValues = new HashMap<>(2 * keyFields.size());
        for (KeyField f : keyFields) {
            keyValues.put(f.property().name(),
                    f.codec().fromKeyId(ids.get(f.variable()), type.getSimpleName() + "." + f.variable()));
        }
        TokenBuffer buffer = AttributeValues.buffer(mapper);
        buffer.writeStartObject();
        for (Map.Entry<String, AttributeValue> e : item.entrySet()) {
            String name = e.getKey();
            if (!reserved.contains(name) && !isKeyField(name)) {
                buffer.writeName(name);
                AttributeValues.write(buffer, e.getValue());
            }
        }
        for (Map.Entry<String, Object> e : keyValues.entrySet()) {
            buffer.writeName(e.getKey());
            writeKeyValue(buffer, e.getValue());
        }
        buffer.writeEndObject();
        try (JsonParser p = buffer.asParser()) {
            return reader.readValue(p);
        } catch (JacksonException e) {
            throw new ItemMappingException("Jackson cannot read a " + type.getName() + " from the stored item: "
                    + e.getOriginalMessage(), path, e);
        }
    }

    /** Writes a key field's value as the tokens Jackson's default serializers give it. */
    private void writeKeyValue(TokenBuffer buffer, Object value) {
        if (value instanceof String s) {
            buffer.writeString(s);
        } else if (value instanceof Long l) {
            buffer.writeNumber(l.longValue());
        } else if (value instanceof Integer i) {
            buffer.writeNumber(i.intValue());
        } else if (value instanceof UUID u) {
            buffer.writeString(u.toString());
        } else {
            writer.writeValue(buffer, value);
        }
    }

    @Override
    public String toString() {
        return "ItemSchema[" + typeName + " " + template + " -> " + type.getName() + "]";
    }

}
