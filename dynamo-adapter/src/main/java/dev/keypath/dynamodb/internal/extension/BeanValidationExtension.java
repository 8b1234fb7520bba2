package dev.keypath.dynamodb.internal.extension;

import dev.keypath.dynamodb.ItemValidationException;
import dev.keypath.dynamodb.ItemWrite;
import dev.keypath.dynamodb.WriteModification;
import jakarta.validation.ConstraintViolation;
import jakarta.validation.Validator;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * Bean Validation of items, the built-in extension a table has when it is given a {@link Validator}: before every
 * put (single, transactional or batch) the object is validated, and violations fail the write with an
 * {@link ItemValidationException} before anything is sent. Updates are not validated (they carry no object). This
 * is the only class that uses {@code jakarta.validation}, and it is loaded only for a table given a validator.
 * Thread-safe when the validator is (Bean Validation validators are).
 */
public final class BeanValidationExtension implements BuiltInExtension {
    private final Validator validator;

    private BeanValidationExtension(Validator validator) {
        this.validator = Objects.requireNonNull(validator, "validator");
    }

    /** The extension of {@code validator}, a {@code jakarta.validation.Validator} (typed loosely for the builder). */
    public static BeanValidationExtension of(Object validator) {
        return new BeanValidationExtension((Validator) validator);
    }

    /** Only types with constraints are validated. */
    @Override
    public boolean appliesTo(dev.keypath.dynamodb.ItemSchema<?> schema) {
        return validator.getConstraintsForClass(schema.type()).isBeanConstrained();
    }

    @Override
    public boolean changesFields() {
        return false;
    }

    @Override
    public WriteModification beforeWrite(ItemWrite write) {
        if (!write.kind().isPut()) {
            return WriteModification.NONE;
        }
        Set<ConstraintViolation<Object>> violations = validator.validate(write.item());
        if (violations.isEmpty()) {
            return WriteModification.NONE;
        }
        List<ItemValidationException.Violation> described = violations.stream()
                .map(v -> new ItemValidationException.Violation(String.valueOf(v.getPropertyPath()), v.getMessage(),
                        v.getInvalidValue() == null ? null : String.valueOf(v.getInvalidValue())))
                .sorted(Comparator.comparing(ItemValidationException.Violation::property)
                        .thenComparing(ItemValidationException.Violation::message))
                .toList();
        throw new ItemValidationException(write.item().getClass(), write.keyPath(), described, violations);
    }
}
