package dev.keypath.migrate;

import dev.keypath.KeyPath;
import dev.keypath.KeyPathFormatException;
import dev.keypath.KeyPathTemplate;
import dev.keypath.dynamodb.ItemSchema;
import dev.keypath.dynamodb.internal.mapping.TableAttributes;
import dev.keypath.dynamodb.internal.operation.ItemSizes;
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
 * type they are stored as, and the attributes left behind (old index keys such as {@code GSI1PK}). Every template
 * variable must be captured by one of the two patterns; a name captured in both must capture the same value.
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

    private EntityMapping(Builder b, StringKeyPattern partitionKey, StringKeyPattern sortKey, KeyPathTemplate keyPath,
                          String typeName) {
        this.name = b.name;
        this.partitionKey = partitionKey;
        this.sortKey = sortKey;
        this.keyPath = keyPath;
        this.typeName = typeName;
        this.schema = b.schema;
        this.drops = Set.copyOf(b.drops);
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

    /** The declaration as one line, e.g. for a checkpoint's fingerprint. */
    @Override
    public String toString() {
        return name + ": " + partitionKey + " | " + sortKey + " -> " + keyPath + " as " + typeName
                + (schema == null ? "" : " (" + schema.type().getName() + ")") + " drop " + new java.util.TreeSet<>(drops);
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

    /**
     * The moved item of a source item whose keys {@link #match matched} as {@code texts}: converts the captures,
     * binds the template, copies the attributes other than the old keys and the dropped ones, and sets {@code pk},
     * {@code sk} and {@code _type}. An item that cannot move is an {@link ItemOutcome.Invalid} naming why.
     */
    ItemOutcome convert(String[][] texts, String pk, String sk, Map<String, AttributeValue> item,
                        Set<String> leftBehind, String sourceKey) {
        Map<String, Object> values = new LinkedHashMap<>();
        try {
            convertAll(partitionKey, texts[0], values, "pk");
            if (sortKey != null) {
                convertAll(sortKey, texts[1], values, "sk");
            }
        } catch (IllegalArgumentException e) {
            return new ItemOutcome.Invalid(this, sourceKey, e.getMessage());
        }
        KeyPath path;
        try {
            path = keyPath.bind(values);
        } catch (KeyPathFormatException e) {
            return new ItemOutcome.Invalid(this, sourceKey, "the key path cannot be built: " + e.reason());
        }
        byte[] newPk = path.partitionKey();
        byte[] newSk = path.sortKey();
        if (newPk.length > TableAttributes.MAX_PARTITION_KEY || newSk.length > TableAttributes.MAX_SORT_KEY) {
            return new ItemOutcome.Invalid(this, sourceKey, path + " has a " + newPk.length + "-byte pk and a "
                    + newSk.length + "-byte sk (limits 2048 and 1024)");
        }
        Map<String, AttributeValue> moved = new LinkedHashMap<>(item.size() + 2);
        moved.put(TableAttributes.PK, AttributeValue.fromB(SdkBytes.fromByteArrayUnsafe(newPk)));
        moved.put(TableAttributes.SK, AttributeValue.fromB(SdkBytes.fromByteArrayUnsafe(newSk)));
        moved.put(TableAttributes.TYPE, AttributeValue.fromS(typeName));
        for (Map.Entry<String, AttributeValue> e : item.entrySet()) {
            String attribute = e.getKey();
            if (!leftBehind.contains(attribute) && !drops.contains(attribute) && !moved.containsKey(attribute)) {
                moved.put(attribute, e.getValue());
            }
        }
        if (schema != null) {
            try {
                moved = throughSchema(schema, moved);
            } catch (RuntimeException e) {
                return new ItemOutcome.Invalid(this, sourceKey, "cannot be read as " + schema.type().getSimpleName()
                        + ": " + e.getMessage());
            }
        }
        int sourceKeyBytes = ItemSizes.utf8Length(pk) + (sk == null ? 0 : ItemSizes.utf8Length(sk));
        return new ItemOutcome.Mapped(this, path, moved, sourceKey, sourceKeyBytes, newPk.length + newSk.length);
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
            this.schema = ItemSchema.of(itemClass);
            return this;
        }

        /** Attributes to leave behind, e.g. {@code GSI1PK}; the old key attributes always are. */
        public Builder drop(String... attributes) {
            drops.addAll(List.of(attributes));
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
