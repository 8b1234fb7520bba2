package dev.keypath.migrate;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Consumer;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The whole mapping of a migration: the names of the old key attributes ({@code PK} and {@code SK} unless
 * declared), the entities in order (an item moves with the first entity whose patterns match its keys), the
 * attributes every entity leaves behind, and those it moves under another name (a source attribute named like one
 * keypath keeps, such as {@code _type}, cannot move under its own). Declared in Java:
 *
 * <pre>{@code
 * MigrationMapping mapping = MigrationMapping.builder()
 *         .drop("GSI1PK", "GSI1SK")
 *         .rename("_type", "legacyType")
 *         .entity("comment", e -> e.partitionKey("USER#{userId:uuid}")
 *                 .sortKey("POST#{postId:int}#COMMENT#{commentId:int}")
 *                 .keyPath("/user-{userId}/post-{postId}/comment-{commentId}").type("Comment"))
 *         .build();
 * }</pre>
 *
 * or read from a JSON file ({@link #parseJson}; the format is in docs/MIGRATING.md). Immutable and thread-safe.
 */
public final class MigrationMapping {
    /** The old partition key attribute unless declared. */
    public static final String DEFAULT_PARTITION_KEY = "PK";
    /** The old sort key attribute unless declared. */
    public static final String DEFAULT_SORT_KEY = "SK";

    private final String partitionKey;
    private final String sortKey;
    private final List<EntityMapping> entities;
    private final Set<String> drops;
    private final Map<String, String> renames;
    private final Set<String> leftBehind;

    private MigrationMapping(Builder b) {
        this.partitionKey = b.partitionKey;
        this.sortKey = b.sortKey;
        this.entities = List.copyOf(b.entities);
        this.drops = Set.copyOf(b.drops);
        this.renames = Map.copyOf(b.renames);
        Set<String> left = new HashSet<>(drops);
        left.add(partitionKey);
        if (sortKey != null) {
            left.add(sortKey);
        }
        this.leftBehind = Set.copyOf(left);
    }

    /** A builder with the default key attribute names and no entities. */
    public static Builder builder() {
        return new Builder();
    }

    /**
     * Reads a mapping from its JSON form.
     *
     * @throws MappingDeclarationException naming the entity, the field and the position of the first problem
     */
    public static MigrationMapping parseJson(String json) {
        return MappingJson.parse(json);
    }

    /**
     * Reads a mapping file (UTF-8 JSON).
     *
     * @throws MappingDeclarationException if the file cannot be read or is not a valid mapping
     */
    public static MigrationMapping read(Path file) {
        String text;
        try {
            text = Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new MappingDeclarationException(null, null, null, "cannot read " + file + ": " + e.getMessage());
        }
        return parseJson(text);
    }

    /** The old partition key attribute. */
    public String partitionKeyAttribute() {
        return partitionKey;
    }

    /** The old sort key attribute, or null for a table without one. */
    public String sortKeyAttribute() {
        return sortKey;
    }

    /** The entities, in matching order. */
    public List<EntityMapping> entities() {
        return entities;
    }

    /** The attributes every entity leaves behind. */
    public Set<String> drops() {
        return drops;
    }

    /** The attributes every entity moves under another name: source name to new name. */
    public Map<String, String> renames() {
        return renames;
    }

    /** A digest of the declaration: a checkpoint refuses to resume under another mapping. */
    public String fingerprint() {
        StringBuilder s = new StringBuilder(partitionKey).append('|').append(sortKey).append('|')
                .append(new TreeSet<>(drops));
        if (!renames.isEmpty()) {
            s.append('|').append(new TreeMap<>(renames));
        }
        entities.forEach(e -> s.append('\n').append(e));
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(s.toString().getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(digest, 0, 12);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** What this mapping makes of one source item, without tables (the marker of a source with no name). Pure. */
    ItemOutcome map(Map<String, AttributeValue> item) {
        return map(item, Tables.NONE);
    }

    /** The entity whose patterns match the item's keys and the captured texts, or null; and the keys' texts. */
    Match match(Map<String, AttributeValue> item) {
        AttributeValue pkValue = item.get(partitionKey);
        AttributeValue skValue = sortKey == null ? null : item.get(sortKey);
        String pk = pkValue == null ? null : pkValue.s();
        String sk = skValue == null ? null : skValue.s();
        String shown = partitionKey + "=" + shown(pkValue) + (sortKey == null ? "" : " " + sortKey + "=" + shown(skValue));
        if (pk == null || (sortKey != null && sk == null)) {
            return new Match(null, null, pk, sk, shown, "the key attributes are not both strings");
        }
        for (EntityMapping entity : entities) {
            String[][] texts = entity.match(pk, sk);
            if (texts != null) {
                return new Match(entity, texts, pk, sk, shown, null);
            }
        }
        return new Match(null, null, pk, sk, shown, "matches no entity's patterns");
    }

    /**
     * How an item's keys matched.
     *
     * @param entity    the first entity whose patterns match, or null
     * @param texts     its captured texts, the partition key's then the sort key's
     * @param pk        the old partition key's text
     * @param sk        the old sort key's text, or null
     * @param sourceKey the keys as reports show them, e.g. {@code PK=USER#7 SK=POST#0042}
     * @param unmatched why no entity matched, or null
     */
    record Match(EntityMapping entity, String[][] texts, String pk, String sk, String sourceKey, String unmatched) {
    }

    /** The attributes no entity moves: the old keys and the mapping-wide drops. */
    Set<String> leftBehind() {
        return leftBehind;
    }

    /** What this mapping makes of one source item of {@code tables}' source. Pure. */
    ItemOutcome map(Map<String, AttributeValue> item, Tables tables) {
        Match m = match(item);
        if (m.entity() == null) {
            return new ItemOutcome.Unmatched(m.sourceKey(), m.unmatched());
        }
        return m.entity().convert(m, item, this, tables);
    }

    private static String shown(AttributeValue v) {
        if (v == null) {
            return "(absent)";
        }
        return v.s() != null ? v.s() : v.toString();
    }

    /** Builds a {@link MigrationMapping}; not thread-safe. */
    public static final class Builder {
        private String partitionKey = DEFAULT_PARTITION_KEY;
        private String sortKey = DEFAULT_SORT_KEY;
        private final List<EntityMapping> entities = new ArrayList<>();
        private final Set<String> drops = new LinkedHashSet<>();
        private final Map<String, String> renames = new LinkedHashMap<>();

        private Builder() {
        }

        /** The old partition key attribute (default {@code PK}). */
        public Builder partitionKeyAttribute(String name) {
            this.partitionKey = Objects.requireNonNull(name, "name");
            return this;
        }

        /** The old sort key attribute (default {@code SK}); null for a table with a partition key only. */
        public Builder sortKeyAttribute(String name) {
            this.sortKey = name;
            return this;
        }

        /** Attributes every entity leaves behind, e.g. {@code GSI1PK}. */
        public Builder drop(String... attributes) {
            drops.addAll(List.of(attributes));
            return this;
        }

        /**
         * Moves the source attribute {@code from} under the name {@code to} in every entity (an entity's own rename of
         * the same attribute replaces this one): the way to move an attribute named like one keypath keeps, such as
         * {@code _type}, {@code pk}, {@code sk} or {@code _ttl}, which cannot move under its own name.
         */
        public Builder rename(String from, String to) {
            Renames.add(renames, from, to, null);
            return this;
        }

        /** Adds an entity, after those added before. */
        public Builder entity(EntityMapping entity) {
            entities.add(Objects.requireNonNull(entity, "entity"));
            return this;
        }

        /** Adds the entity {@code name} declared by {@code declaration}. */
        public Builder entity(String name, Consumer<EntityMapping.Builder> declaration) {
            EntityMapping.Builder b = EntityMapping.builder(name);
            declaration.accept(b);
            return entity(b.build());
        }

        /**
         * The mapping.
         *
         * @throws MappingDeclarationException when there is no entity, two share a name, an entity's sort key
         *                                     pattern does not fit the table's key attributes, or a rename takes an
         *                                     old key attribute or a dropped one
         */
        public MigrationMapping build() {
            if (entities.isEmpty()) {
                throw new MappingDeclarationException(null, "entities", null, "no entity is declared");
            }
            Renames.check(renames, drops, partitionKey, sortKey, null);
            Set<String> names = new HashSet<>();
            for (EntityMapping e : entities) {
                Set<String> dropped = new HashSet<>(drops);
                dropped.addAll(e.drops());
                Renames.check(e.renames(), dropped, partitionKey, sortKey, e.name());
                if (!names.add(e.name())) {
                    throw new MappingDeclarationException(e.name(), null, null, "two entities have this name");
                }
                if ((sortKey == null) != (e.sortKeyPattern() == null)) {
                    throw new MappingDeclarationException(e.name(), "sk", null, sortKey == null
                            ? "the table has no sort key attribute, so an entity has no sk pattern"
                            : "no sort key pattern for the table's sort key attribute " + sortKey);
                }
            }
            return new MigrationMapping(this);
        }
    }
}
