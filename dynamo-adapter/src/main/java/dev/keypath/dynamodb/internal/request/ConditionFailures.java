package dev.keypath.dynamodb.internal.request;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.ConditionFailedException;
import dev.keypath.dynamodb.NewerItemVersionException;
import dev.keypath.dynamodb.UnreadableItemException;
import dev.keypath.dynamodb.VersionConflictException;
import dev.keypath.dynamodb.WriteOutcomeUnknownException;
import dev.keypath.dynamodb.internal.expression.StoredValues;
import dev.keypath.dynamodb.internal.expression.UpdateEffects;
import dev.keypath.dynamodb.internal.schema.SchemaEvolution;
import dev.keypath.dynamodb.internal.schema.TableAttributes;
import java.util.Map;
import java.util.function.Function;
import java.util.function.Supplier;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;

/**
 * The outcome of a single-item write whose condition failed. On the first attempt, or when every earlier attempt
 * surely failed before DynamoDB applied it (a throttle), the failure is the adapter's typed exception:
 * {@link ConditionFailedException} or {@link VersionConflictException}, naming the key path. When an earlier
 * attempt may have been applied and its answer lost ({@link WriteAttempts}), the condition may have failed on the
 * write's own work, so the stored item, returned with the failure ({@code ReturnValuesOnConditionCheckFailure
 * ALL_OLD}), decides:
 * <ul>
 *   <li>it is the write's own ({@link Verdict#OWN}): the write succeeded;</li>
 *   <li>it is another writer's, and that writer took the version this write would have made (or, for a delete,
 *       the item is still there): a conflict, as on a first attempt;</li>
 *   <li>otherwise nobody can tell (an item changed again since, a deleted item, an update whose changes depend
 *       on the stored values): {@link WriteOutcomeUnknownException}.</li>
 * </ul>
 * An update with a request token that the stored item holds has been applied, on any attempt
 * ({@link Verdict#OWN_BY_TOKEN}). Pure.
 */
public final class ConditionFailures {
    /** What the stored item says about the write whose condition failed. */
    public enum Verdict {
        /** It holds the write's request token: the write is in it, whatever the attempt. */
        OWN_BY_TOKEN,
        /** It is as the write leaves it. */
        OWN,
        /** It is not as the write leaves it. */
        OTHER,
        /** It cannot tell. */
        UNDECIDED
    }

    private ConditionFailures() {
    }

    /** {@link #translate} if {@code e} is a failed condition, else {@code e} itself (asynchronous calls). */
    public static Throwable translateAny(WriteAction action, Throwable e) {
        return e instanceof ConditionalCheckFailedException c ? translate(action, c) : e;
    }

    /** The typed exception of a failed condition that the write's own work cannot explain. */
    public static ConditionFailedException translate(WriteAction action, ConditionalCheckFailedException e) {
        // a new item's version check already says that an item exists: drop the create-only hint that repeats it
        String versionHint = action.expectedVersion() == 0
                ? action.failureHint().replaceFirst("^" + PutActions.EXISTS_HINT + "( or )?", "")
                : action.failureHint();
        if (action.versionChecked()) {
            return new VersionConflictException(action.keyPath(), action.expectedVersion(),
                    versionHint.isEmpty() ? "" : "or " + versionHint, e);
        }
        String hint = action.failureHint().isEmpty() ? "condition not met" : action.failureHint();
        return new ConditionFailedException("Conditional " + action.kind().label + " failed: " + hint,
                action.keyPath(), e);
    }

    /**
     * Settles the failed condition {@code e} of {@code action}: {@code succeeded}'s result when the stored item is
     * the write's own, else the exception to throw (thrown here).
     *
     * @param check            what the stored item (null when none) says about the write
     * @param versionAttribute the type's version attribute, or null for an unversioned type
     */
    public static <T> T settle(WriteAction action, ConditionalCheckFailedException e, WriteAttempts attempts,
                        Function<Map<String, AttributeValue>, Verdict> check, String versionAttribute,
                        Supplier<T> succeeded) {
        Map<String, AttributeValue> stored = e.hasItem() && !e.item().isEmpty() ? e.item() : null;
        Verdict verdict = check.apply(stored);
        if (verdict == Verdict.OWN_BY_TOKEN) {
            return succeeded.get();
        }
        if (!attempts.earlierAttemptMayHaveApplied(e)) {
            throw translate(action, e);
        }
        if (verdict == Verdict.OWN) {
            return succeeded.get();
        }
        if (verdict == Verdict.OTHER && anotherWriterCameFirst(action, stored, versionAttribute)) {
            throw translate(action, e);
        }
        throw unknown(action, stored, e);
    }

    /**
     * The refusal of an update whose condition failed on {@code stored}, an item of {@code evolution}'s type stored
     * at a newer version than the declared one (the update's condition on the stored version refused it: nothing was
     * applied); null when {@code stored} is no such item.
     */
    public static NewerItemVersionException newerVersion(SchemaEvolution evolution, String typeName,
                                                         Map<String, AttributeValue> stored, KeyPath keyPath,
                                                         ConditionalCheckFailedException e) {
        AttributeValue type = stored == null ? null : stored.get(TableAttributes.TYPE);
        if (type == null || type.s() == null || !evolution.isTypeName(type.s())
                || evolution.isCurrent(stored)) {
            return null;
        }
        try {
            int version = evolution.versionOf(stored, keyPath);
            return version > evolution.current()
                    ? new NewerItemVersionException(typeName, version, evolution.current(), keyPath, e) : null;
        } catch (UnreadableItemException notAVersion) {
            return null;
        }
    }

    /** A put's item: the one it sent, another, or (none) one it may have written and that was deleted since. */
    public static Verdict ofPut(WriteAction put, Map<String, AttributeValue> stored) {
        if (stored == null) {
            return Verdict.UNDECIDED;
        }
        return StoredValues.sameItem(put.item(), stored) ? Verdict.OWN : Verdict.OTHER;
    }

    /**
     * An update's item: holding its request token; showing every change it makes (and, when it expected a version,
     * that version + 1); or not; or unable to tell (no item, changes that depend on the stored values).
     */
    public static Verdict ofUpdate(WriteAction update, UpdateEffects effects, Map<String, AttributeValue> stored,
                            String versionAttribute) {
        if (stored == null) {
            return Verdict.UNDECIDED;
        }
        if (effects.token() != null) {
            return effects.token().holds(stored) ? Verdict.OWN_BY_TOKEN : Verdict.OTHER;
        }
        if (!effects.allHold(stored)) {
            return Verdict.OTHER;
        }
        if (effects.computed()) {
            return Verdict.UNDECIDED;
        }
        if (update.versionChecked() && !hasVersion(stored, versionAttribute, update.expectedVersion() + 1)) {
            return Verdict.UNDECIDED;
        }
        return Verdict.OWN;
    }

    /** A delete's item: none (its own attempt may have deleted it) or one still there. */
    public static Verdict ofDelete(Map<String, AttributeValue> stored) {
        return stored == null ? Verdict.UNDECIDED : Verdict.OTHER;
    }

    /**
     * Whether the stored item, not the write's own, shows that another write came before any attempt of this one
     * could apply: a delete finds its item still there; a versioned put or update finds the version it would have
     * made, written by another.
     */
    private static boolean anotherWriterCameFirst(WriteAction action, Map<String, AttributeValue> stored,
                                                  String versionAttribute) {
        if (action.kind() == WriteAction.Kind.DELETE) {
            return true;
        }
        return action.versionChecked() && hasVersion(stored, versionAttribute, action.expectedVersion() + 1);
    }

    private static boolean hasVersion(Map<String, AttributeValue> stored, String versionAttribute, long version) {
        if (versionAttribute == null || stored == null) {
            return false;
        }
        AttributeValue v = stored.get(versionAttribute);
        return v != null && v.n() != null && StoredValues.same(v, AttributeValue.fromN(Long.toString(version)));
    }

    private static WriteOutcomeUnknownException unknown(WriteAction action, Map<String, AttributeValue> stored,
                                                        SdkException e) {
        String label = action.kind().label;
        String found;
        if (action.kind() == WriteAction.Kind.DELETE) {
            found = "no item is stored: an earlier attempt of this delete may have deleted it";
        } else if (stored == null) {
            found = "no item is stored: an earlier attempt may have written it, and it was deleted since";
        } else if (action.kind() == WriteAction.Kind.UPDATE) {
            found = "the stored item cannot show whether an earlier attempt applied this update (it changes values "
                    + "that depend on what was stored, or the item changed again since; a request token tells)";
        } else {
            found = "another item is stored: an earlier attempt may have written this put's item, and it was "
                    + "replaced since, or another write came first";
        }
        return new WriteOutcomeUnknownException("The " + label + " was sent again after its answer was lost, and "
                + "its condition then failed; " + found, action.keyPath(), e);
    }
}
