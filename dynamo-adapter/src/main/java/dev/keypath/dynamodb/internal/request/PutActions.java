package dev.keypath.dynamodb.internal.request;

import dev.keypath.dynamodb.PutMode;
import dev.keypath.dynamodb.RandomShardException;
import dev.keypath.dynamodb.WriteKind;
import dev.keypath.dynamodb.internal.expression.Expr;
import dev.keypath.dynamodb.internal.expression.ValueConverter;
import dev.keypath.dynamodb.internal.expression.VersionedConditions;
import dev.keypath.dynamodb.internal.extension.ExtensionWrites;
import dev.keypath.dynamodb.internal.extension.ItemExtensions;
import dev.keypath.dynamodb.internal.extension.TimeToLiveExtension;
import dev.keypath.dynamodb.internal.extension.VersionExtension;
import java.time.Clock;
import dev.keypath.dynamodb.internal.schema.DefaultItemSchema;
import dev.keypath.dynamodb.internal.schema.TableAttributes;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** Builds the {@link WriteAction} of a put (single, batch or transactional). Pure. */
public final class PutActions {
    /** What a failed create-only condition means. */
    public static final String EXISTS_HINT = "an item already exists";

    private PutActions() {
    }

    /**
     * The put with only the built-in version and time-to-live extensions, as a table without other extensions
     * builds it.
     *
     * @param versioned false for batch writes, which cannot check versions
     */
    public static WriteAction action(DefaultItemSchema<?> schema, Object item, Map<String, Object> generated, PutMode mode,
                              Expr condition, boolean versioned) {
        ItemExtensions builtIns = new ItemExtensions(List.of(schema),
                List.of(VersionExtension.INSTANCE, TimeToLiveExtension.INSTANCE), Clock.systemUTC());
        return action(schema, item, generated, mode, condition, versioned ? WriteKind.PUT : WriteKind.BATCH_PUT,
                builtIns, new ValueConverter(DefaultItemSchema.defaultMapper()));
    }

    /**
     * @param generated  values of auto-id key fields generated for this put
     * @param condition  caller condition, possibly {@link Expr#NONE}
     * @param kind       the kind of put, as the extensions are told (batch puts cannot check conditions)
     * @param extensions the table's extensions, whose write hooks run on the encoded item
     * @param values     converts the extensions' condition values
     */
    public static WriteAction action(DefaultItemSchema<?> schema, Object item, Map<String, Object> generated, PutMode mode,
                              Expr condition, WriteKind kind, ItemExtensions extensions, ValueConverter values) {
        if (schema.shards() != null && schema.shards().random() && (mode != PutMode.REPLACE || !condition.isEmpty())) {
            throw new RandomShardException("A put of " + schema.typeName() + " (@Sharded(random = true)) cannot "
                    + "judge " + (mode != PutMode.REPLACE ? "mode " + mode : "a condition") + ": the item it would "
                    + "meet may be in any shard; put with PutMode.REPLACE and no condition",
                    schema.keyPathOf(item, generated));
        }
        DefaultItemSchema.KeyField randomId = schema.randomShardId();
        if (randomId != null && !generated.containsKey(randomId.variable())) {
            throw new RandomShardException("A put of " + schema.typeName() + " (@Sharded(random = true)) brings its own "
                    + randomId.where() + " (" + randomId.property().get(item) + "): each put of a random-sharded "
                    + "type stores a new item in a shard drawn at random, so a key path put twice would be stored "
                    + "twice; leave " + randomId.variable() + " unset (null) for keypath to generate it",
                    schema.keyPathOf(item, generated));
        }
        if (kind != WriteKind.BATCH_PUT && mode == PutMode.REPLACE && !generated.isEmpty()) {
            // a generated id names a new item: never overwrite one that holds it (batch writes take no condition)
            mode = PutMode.CREATE_ONLY;
        }
        DefaultItemSchema.Encoded enc = schema.encode(item, generated);
        ExtensionWrites.Put extended = ExtensionWrites.put(kind, schema, enc.keyPath(), item, enc.attributes(),
                extensions, values);
        Map<String, AttributeValue> attrs = extended.attributes();
        Expr cond = extended.condition();
        long expected = extended.expectedVersion();
        StringBuilder hint = new StringBuilder();
        switch (mode) {
            case CREATE_ONLY -> {
                if (expected != 0) {
                    cond = cond.and(Expr.of("attribute_not_exists(#kp_pk)", Map.of("#kp_pk", TableAttributes.PK),
                            Map.of()));
                }
                hint.append(EXISTS_HINT);
            }
            case REPLACE_EXISTING -> {
                cond = cond.and(Expr.of("attribute_exists(#kp_pk)", Map.of("#kp_pk", TableAttributes.PK), Map.of()));
                hint.append("no item exists");
            }
            case REPLACE -> {
            }
        }
        if (!extended.conditionHint().isEmpty()) {
            hint.append(hint.length() > 0 ? " or " : "").append(extended.conditionHint());
        }
        if (!condition.isEmpty()) {
            ExpressionChecks.condition(extensions.codecs(), schema, condition);
            cond = cond.and(VersionedConditions.condition(condition, schema, enc.keyPath()));
            hint.append(hint.length() > 0 ? " or " : "").append("condition not met: ").append(condition.expression());
        }
        if (schema.hasTtl() && !cond.isEmpty()) {
            cond = expiryAware(cond, mode, expected, extended.conditionHint().isEmpty() && condition.isEmpty(),
                    extensions.clock().instant().getEpochSecond());
        }
        Map<String, AttributeValue> mapped = Collections.unmodifiableMap(attrs);
        Map<String, AttributeValue> stored = extensions.codecs().encode(schema, enc.keyPath(), mapped);
        KeyLimits.checkItem(enc.keyPath(), stored, schema);
        // the encoded map is this put's own (the extensions changed it in place or replaced it with a copy): wrapped,
        // not copied again
        return new WriteAction(WriteAction.Kind.PUT, enc.keyPath(), KeyLimits.keyOfItem(stored),
                stored == mapped ? mapped : Collections.unmodifiableMap(stored),
                Expr.NONE, cond, expected, hint.toString(), mapped);
    }

    /**
     * {@code cond} for which an expired item is absent: a put that asks only that no item exist (create-only, or the
     * first version) may also replace an expired one; any other condition requires the stored item, if any, to be
     * unexpired, so that it fails on an expired item, which is then deleted and the put sent again
     * ({@link dev.keypath.dynamodb.internal.operation.WriteOverExpired}).
     *
     * @param onlyModeAndVersion whether neither the caller nor an extension other than the version adds a condition
     */
    private static Expr expiryAware(Expr cond, PutMode mode, long expected, boolean onlyModeAndVersion, long now) {
        boolean onlyAbsence = onlyModeAndVersion && mode != PutMode.REPLACE_EXISTING
                && (mode == PutMode.CREATE_ONLY ? expected <= 0 : expected == 0);
        return onlyAbsence ? cond.or(ExpiredItems.expired(now)) : cond.and(ExpiredItems.live(now));
    }

    /**
     * The object as stored: read back from the stored attributes, through the read hooks, when an extension may set
     * fields (timestamps, the caller's extensions), else
     * with generated ids and new version, or {@code item} itself when neither applies.
     */
    @SuppressWarnings("unchecked")
    public static <T> T stored(DefaultItemSchema<?> schema, T item, WriteAction action, ItemExtensions extensions) {
        if (extensions.changesFields(schema)) {
            Map<String, AttributeValue> read = extensions.afterRead(schema, action.keyPath(), action.mapped());
            return (T) schema.fromItem(read == null ? action.mapped() : read, action.keyPath());
        }
        return stored(schema, item, action);
    }

    /** The object as stored: with generated ids and new version, or {@code item} itself when neither applies. */
    @SuppressWarnings("unchecked")
    public static <T> T stored(DefaultItemSchema<?> schema, T item, WriteAction action) {
        if (!schema.putChangesItem()) {
            return item;
        }
        long newVersion = action.versionChecked() ? action.expectedVersion() + 1 : -1;
        return (T) schema.storedForm(item, action.keyPath(), newVersion, action.mapped());
    }
}
