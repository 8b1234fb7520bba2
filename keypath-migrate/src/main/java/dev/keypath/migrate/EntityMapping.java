package dev.keypath.migrate;

import dev.keypath.KeyPath;
import dev.keypath.KeyPathFormatException;
import dev.keypath.KeyPathTemplate;
import dev.keypath.dynamodb.ItemSchema;
import dev.keypath.dynamodb.ItemSchemas;
import dev.keypath.dynamodb.storage.StoredItemLayout;
import dev.keypath.dynamodb.storage.StoredItemSizes;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * How the items of one entity move: the patterns of their old string keys ({@code USER#{userId:uuid}} and
 * {@code POST#{postId:int}}), the key-path template they become ({@code /user-{userId}/post-{postId}}), the item
 * type they are stored as, the attributes left behind (old index keys such as {@code GSI1PK}) and those moved under
 * another name. Every template variable must be captured by one of the two patterns; a name captured in both must
 * capture the same value. A source attribute cannot move under a name keypath keeps ({@code pk}, {@code sk},
 * {@code _type}, {@code _ttl}, {@code _kp_*}, the target's index keys): such an item cannot move until the mapping
 * renames or drops the attribute.
 *
 * <p>With a registered class ({@link Builder#type(Class)}) each moved item is read as that class and written as
 * the adapter writes it, so secondary key paths, TTL and the stored forms of its fields are exactly those of the
 * application's own puts, and an item the class cannot read is reported instead of copied. Immutable and
 * thread-safe.
 */
public final class EntityMapping {
    private final String name;
    private final StringKeyPattern partitionKey;
    private final StringKeyPattern sortKey;
    private final KeyPathTemplate keyPath;
    private final String typeName;
    private final ItemSchema<?> schema;
    private final Set<String> drops;
    private final Map<String, String> renames;
    /** The attributes the registered class keeps for itself (its secondary keys), none without a class. */
    private final Set<String> classReserved;

    private EntityMapping(Builder b, StringKeyPattern partitionKey, StringKeyPattern sortKey, KeyPathTemplate keyPath,
                          String typeName) {
        this.name = b.name;
        this.partitionKey = partitionKey;
        this.sortKey = sortKey;
        this.keyPath = keyPath;
        this.typeName = typeName;
        this.schema = b.schema;
        this.drops = Set.copyOf(b.drops);
        this.renames = Map.copyOf(b.renames);
        this.classReserved = StoredItemLayout.reservedAttributes(schema);
    }

    /** A builder of the entity called {@code name} (the name reports and errors use). */
    public static Builder builder(String name) {
        return new Builder(name);
    }

    /** The entity's name. */
    public String name() {
        return name;
    }

    /** The old partition key's pattern as declared. */
    public String partitionKeyPattern() {
        return partitionKey.toString();
    }

    /** The old sort key's pattern as declared, or null for a table without sort key. */
    public String sortKeyPattern() {
        return sortKey == null ? null : sortKey.toString();
    }

    /** The key-path template the items get. */
    public KeyPathTemplate keyPathTemplate() {
        return keyPath;
    }

    /** The stored item type ({@code _type}). */
    public String typeName() {
        return typeName;
    }

    /** The attributes dropped from this entity's items, besides the old key attributes. */
    public Set<String> drops() {
        return drops;
    }

    /** The attributes this entity moves under another name (source name to new name), besides the mapping's. */
    public Map<String, String> renames() {
        return renames;
    }

    /** The registered class's schema, or null. */
    ItemSchema<?> schema() {
        return schema;
    }

    /** The attributes the registered class keeps for itself; empty without a class. */
    Set<String> classReserved() {
        return classReserved;
    }

    /** The name {@code attribute} moves under: this entity's rename, else the mapping's, else its own. */
    String movedName(String attribute, Map<String, String> mappingRenames) {
        String to = renames.get(attribute);
        return to != null ? to : mappingRenames.getOrDefault(attribute, attribute);
    }

    /** The declaration as one line, e.g. for a checkpoint's fingerprint. */
    @Override
    public String toString() {
        return name + ": " + partitionKey + " | " + sortKey + " -> " + keyPath + " as " + typeName
                + (schema == null ? "" : " (" + schema.type().getName() + ")") + " drop " + new java.util.TreeSet<>(drops)
                + (renames.isEmpty() ? "" : " rename " + new java.util.TreeMap<>(renames));
    }

    /**
     * The captured texts of a key with this entity's shape, the partition key's then the sort key's, or null.
     * Pure.
     */
    String[][] match(String pk, String sk) {
        if ((sk == null) != (sortKey == null)) {
            return null;
        }
        String[] pkTexts = partitionKey.match(pk);
        if (pkTexts == null) {
            return null;
        }
        String[] skTexts = sortKey == null ? new String[0] : sortKey.match(sk);
        return skTexts == null ? null : new String[][] {pkTexts, skTexts};
    }

    /** A moved item's key path and its {@code pk} and {@code sk} bytes, encoded once. */
    record MovedKey(KeyPath path, byte[] pk, byte[] sk) {
    }

    /**
     * The key path of a source item whose keys {@link #match matched} as {@code texts}: the captures converted and
     * bound into the template, within DynamoDB's key sizes.
     *
     * @throws IllegalArgumentException saying why the key path cannot be built
     */
    MovedKey keyPath(String[][] texts) {
        Map<String, Object> values = new LinkedHashMap<>();
        convertAll(partitionKey, texts[0], values, "pk");
        if (sortKey != null) {
            convertAll(sortKey, texts[1], values, "sk");
        }
        KeyPath path;
        try {
            path = keyPath.bind(values);
        } catch (KeyPathFormatException e) {
            throw new IllegalArgumentException("the key path cannot be built: " + e.reason(), e);
        }
        byte[] pk = path.partitionKey();
        byte[] sk = path.sortKey();
        if (pk.length > StoredItemLayout.MAX_PARTITION_KEY_BYTES || sk.length > StoredItemLayout.MAX_SORT_KEY_BYTES) {
            throw new IllegalArgumentException(path + " has a " + pk.length + "-byte pk and a " + sk.length
                    + "-byte sk (limits 2048 and 1024)");
        }
        return new MovedKey(path, pk, sk);
    }

    /**
     * The moved item of a source item whose keys {@link #match matched}: {@code pk}, {@code sk} and {@code _type}
     * of the key path, every other attribute but the old key attributes and the dropped ones (under its new name
     * when renamed), and the {@link SourceMarker}. An item that cannot move is an {@link ItemOutcome.Invalid} naming
     * why: its key path cannot be built, or an attribute would take a name keypath keeps ({@link ReservedNames}) or
     * one another attribute moves under, or (with a registered class) the class cannot read the item or would not
     * store one of its attributes.
     */
    ItemOutcome convert(MigrationMapping.Match match, Map<String, AttributeValue> item, MigrationMapping mapping,
                        Tables tables) {
        String sourceKey = match.sourceKey();
        MovedKey key;
        try {
            key = keyPath(match.texts());
        } catch (IllegalArgumentException e) {
            return new ItemOutcome.Invalid(this, sourceKey, e.getMessage());
        }
        byte[] newPk = key.pk();
        byte[] newSk = key.sk();
        Map<String, AttributeValue> moved = new LinkedHashMap<>(item.size() + 3);
        moved.put(StoredItemLayout.PARTITION_KEY, AttributeValue.fromB(SdkBytes.fromByteArrayUnsafe(newPk)));
        moved.put(StoredItemLayout.SORT_KEY, AttributeValue.fromB(SdkBytes.fromByteArrayUnsafe(newSk)));
        moved.put(StoredItemLayout.TYPE, AttributeValue.fromS(typeName));
        Map<String, String> movedFrom = new LinkedHashMap<>();
        for (Map.Entry<String, AttributeValue> e : item.entrySet()) {
            String attribute = e.getKey();
            if (mapping.leftBehind().contains(attribute) || drops.contains(attribute)) {
                continue;
            }
            String to = movedName(attribute, mapping.renames());
            String why = ReservedNames.why(to, tables.targetIndexKeys(), classReserved);
            if (why != null) {
                return new ItemOutcome.Invalid(this, sourceKey, cannotTake(attribute, to, why));
            }
            String other = movedFrom.putIfAbsent(to, attribute);
            if (other != null) {
                return new ItemOutcome.Invalid(this, sourceKey, "attributes '" + other + "' and '" + attribute
                        + "' would both move as '" + to + "'");
            }
            moved.put(to, e.getValue());
        }
        if (schema != null) {
            Map<String, AttributeValue> stored;
            try {
                stored = throughSchema(schema, moved);
            } catch (RuntimeException e) {
                return new ItemOutcome.Invalid(this, sourceKey, "cannot be read as " + schema.type().getSimpleName()
                        + ": " + e.getMessage());
            }
            for (Map.Entry<String, String> m : movedFrom.entrySet()) {
                if (!stored.containsKey(m.getKey()) && !holdsNothing(moved.get(m.getKey()))) {
                    return new ItemOutcome.Invalid(this, sourceKey, "attribute '" + m.getValue() + "' would be lost: "
                            + schema.type().getSimpleName() + " does not store '" + m.getKey() + "' (not one of its "
                            + "properties, or a key field, whose value is in the key path); drop or rename it in "
                            + "the mapping");
                }
            }
            moved = new LinkedHashMap<>(stored);
        }
        moved.put(SourceMarker.ATTRIBUTE, SourceMarker.of(tables.source(), match.pk(), match.sk()));
        int sourceKeyBytes = StoredItemSizes.utf8Length(match.pk()) + (match.sk() == null ? 0
                : StoredItemSizes.utf8Length(match.sk()));
        return new ItemOutcome.Mapped(this, key.path(), moved, sourceKey, sourceKeyBytes, newPk.length + newSk.length);
    }

    /** The reason an attribute cannot move under the name {@code to}, with the way out. */
    static String cannotTake(String attribute, String to, String why) {
        return "attribute '" + attribute + "'" + (attribute.equals(to) ? "" : " (renamed '" + to + "')")
                + " cannot move under the name '" + to + "': " + why + "; rename it in the mapping (\"rename\": {\""
                + attribute + "\": \"...\"}) or drop it";
    }

    /** Whether a value holds nothing (NULL, an empty list or map), so that a class may store it as absent. */
    static boolean holdsNothing(AttributeValue v) {
        return v == null || Boolean.TRUE.equals(v.nul()) || (v.hasL() && v.l().isEmpty())
                || (v.hasM() && v.m().isEmpty());
    }

    private static <T> Map<String, AttributeValue> throughSchema(ItemSchema<T> schema, Map<String, AttributeValue> item) {
        return schema.toItem(schema.fromItem(item));
    }

    private static void convertAll(StringKeyPattern pattern, String[] texts, Map<String, Object> values,
                                   String part) {
        List<StringKeyPattern.Capture> captures = pattern.captures();
        for (int i = 0; i < texts.length; i++) {
            StringKeyPattern.Capture c = captures.get(i);
            Object value;
            try {
                value = c.type().convert(texts[i]);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("{" + c.name() + ":" + c.type() + "} in " + part + ": "
                        + e.getMessage());
            }
            Object earlier = values.putIfAbsent(c.name(), value);
            if (earlier != null && !earlier.equals(value)) {
                throw new IllegalArgumentException("{" + c.name() + "} is " + earlier + " in pk but " + value
                        + " in sk");
            }
        }
    }

    /** Builds an {@link EntityMapping}; not thread-safe. */
    public static final class Builder {
        private final String name;
        private String partitionKey;
        private String sortKey;
        private String keyPath;
        private String typeName;
        private ItemSchema<?> schema;
        private final Set<String> drops = new LinkedHashSet<>();
        private final Map<String, String> renames = new LinkedHashMap<>();

        private Builder(String name) {
            this.name = Objects.requireNonNull(name, "name");
        }

        /** The old partition key's pattern, e.g. {@code USER#{userId:uuid}}. Required. */
        public Builder partitionKey(String pattern) {
            this.partitionKey = pattern;
            return this;
        }

        /** The old sort key's pattern, e.g. {@code POST#{postId:int}}; leave unset only for a table without one. */
        public Builder sortKey(String pattern) {
            this.sortKey = pattern;
            return this;
        }

        /**
         * The key-path template of the moved items, e.g. {@code /user-{userId}/post-{postId}}; required unless a
         * registered class gives it.
         */
        public Builder keyPath(String template) {
            this.keyPath = template;
            return this;
        }

        /** The stored item type name ({@code _type}), e.g. the {@code @ItemType} name the application reads. */
        public Builder type(String typeName) {
            this.typeName = typeName;
            return this;
        }

        /**
         * The application's registered class: its type name and key-path template (unless declared), and every
         * moved item is read as this class and written as the adapter writes it.
         */
        public Builder type(Class<?> itemClass) {
            this.schema = ItemSchemas.of(itemClass);
            return this;
        }

        /** Attributes to leave behind, e.g. {@code GSI1PK}; the old key attributes always are. */
        public Builder drop(String... attributes) {
            drops.addAll(List.of(attributes));
            return this;
        }

        /**
         * Moves the source attribute {@code from} under the name {@code to} (see
         * {@link MigrationMapping.Builder#rename}); this entity's rename of an attribute replaces the mapping's.
         *
         * @throws MappingDeclarationException when {@code to} is a name keypath keeps or a name is renamed twice
         */
        public Builder rename(String from, String to) {
            Renames.add(renames, from, to, name);
            return this;
        }

        /**
         * The mapping.
         *
         * @throws MappingDeclarationException naming the part and position of the first problem
         */
        public EntityMapping build() {
            if (partitionKey == null) {
                throw new MappingDeclarationException(name, "pk", null, "no partition key pattern is declared");
            }
            StringKeyPattern pk = StringKeyPattern.parse(partitionKey, name, "pk");
            StringKeyPattern sk = sortKey == null ? null : StringKeyPattern.parse(sortKey, name, "sk");
            KeyPathTemplate template = template();
            String type = typeName;
            if (schema != null) {
                if (type != null && !type.equals(schema.typeName())) {
                    throw new MappingDeclarationException(name, "type", null, "type '" + type + "' differs from "
                            + schema.type().getSimpleName() + "'s type name '" + schema.typeName() + "'");
                }
                type = schema.typeName();
            }
            if (type == null || type.isEmpty()) {
                throw new MappingDeclarationException(name, "type", null, "no item type is declared");
            }
            for (String variable : template.variables()) {
                boolean captured = pk.captures().stream().anyMatch(c -> c.name().equals(variable))
                        || (sk != null && sk.captures().stream().anyMatch(c -> c.name().equals(variable)));
                if (!captured) {
                    String text = template.toString();
                    throw MappingDeclarationException.at(name, "keyPath", text.indexOf("{" + variable + "}"), text,
                            "{" + variable + "} is captured by neither the pk nor the sk pattern");
                }
            }
            return new EntityMapping(this, pk, sk, template, type);
        }

        private KeyPathTemplate template() {
            KeyPathTemplate declared = null;
            if (keyPath != null) {
                try {
                    declared = KeyPathTemplate.parse(keyPath);
                } catch (KeyPathFormatException e) {
                    throw MappingDeclarationException.at(name, "keyPath", e.position(), keyPath, e.reason());
                }
            }
            if (schema == null) {
                if (declared == null) {
                    throw new MappingDeclarationException(name, "keyPath", null, "no key-path template is declared");
                }
                return declared;
            }
            if (declared != null && !declared.equals(schema.keyPathTemplate())) {
                throw MappingDeclarationException.at(name, "keyPath", 0, keyPath, "differs from "
                        + schema.type().getSimpleName() + "'s template " + schema.keyPathTemplate());
            }
            return schema.keyPathTemplate();
        }
    }
}
