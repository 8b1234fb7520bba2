package dev.keypath.micrometer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.longs;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.OperationCapacity;
import dev.keypath.dynamodb.OperationKind;
import dev.keypath.dynamodb.OperationReport;
import dev.keypath.dynamodb.OperationStart;
import dev.keypath.micrometer.KeyPathObservationDocumentation.OperationHighCardinalityKeys;
import dev.keypath.micrometer.KeyPathObservationDocumentation.OperationLowCardinalityKeys;
import io.micrometer.common.KeyValues;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * {@link DefaultKeyPathObservationConvention} keeps the names and keys of each shape of operation and renders a key
 * path once per operation: whatever operations come, in whatever order, the names and keys it gives at the start and
 * at the stop are those built afresh for each operation (the reference below, the keys as documented), past its
 * bound too.
 */
class OperationKeysTest {
    private static final List<OperationKind> KINDS = List.of(OperationKind.GET, OperationKind.PUT,
            OperationKind.QUERY, OperationKind.TRANSACT_WRITE);
    private static final List<Class<?>> TYPES = List.of(Blog.User.class, Blog.Post.class);
    private static final List<RuntimeException> ERRORS = List.of(new IllegalStateException("a"),
            new IllegalArgumentException("b"));

    /** The low-cardinality keys, built afresh: the documented keys and values. */
    private static KeyValues lowReference(KeyPathOperationContext context) {
        OperationStart start = context.start();
        OperationReport report = context.report();
        KeyValues keys = KeyValues.of(
                OperationLowCardinalityKeys.DB_SYSTEM_NAME.withValue("aws.dynamodb"),
                OperationLowCardinalityKeys.DB_OPERATION_NAME.withValue(OperationNames.operation(start.kind())),
                OperationLowCardinalityKeys.TABLE_NAMES.withValue(start.table()),
                OperationLowCardinalityKeys.DB_COLLECTION_NAME.withValue(start.table()),
                OperationLowCardinalityKeys.ACCESS_PATTERN.withValue(start.accessPattern()),
                OperationLowCardinalityKeys.ITEM_TYPE.withValue(start.itemType() == null ? "none"
                        : start.itemType().getSimpleName()),
                OperationLowCardinalityKeys.OUTCOME.withValue(report == null ? "unknown"
                        : report.outcome().name().toLowerCase(java.util.Locale.ROOT)));
        if (start.index() != null) {
            keys = keys.and(OperationLowCardinalityKeys.INDEX_NAME.withValue(start.index()));
        }
        Throwable error = report == null ? context.getError() : report.error();
        return error == null ? keys : keys.and(OperationLowCardinalityKeys.ERROR_TYPE.withValue(
                error.getClass().getName()));
    }

    /** The high-cardinality keys, built afresh. */
    private static KeyValues highReference(KeyPathOperationContext context) {
        OperationReport report = context.report();
        KeyPath path = report != null && report.keyPath() != null ? report.keyPath() : context.start().keyPath();
        KeyValues keys = path == null ? KeyValues.empty()
                : KeyValues.of(OperationHighCardinalityKeys.KEY_PATH.withValue(path.toString()));
        if (report == null) {
            return keys;
        }
        return keys.and(
                OperationHighCardinalityKeys.CONSUMED_CAPACITY.withValue(capacityReference(report)),
                OperationHighCardinalityKeys.SCANNED_COUNT.withValue(Long.toString(report.itemsRead())),
                OperationHighCardinalityKeys.COUNT.withValue(Long.toString(report.itemsReturned())),
                OperationHighCardinalityKeys.REQUESTS.withValue(Integer.toString(report.requests())),
                OperationHighCardinalityKeys.RETRIES.withValue(Integer.toString(report.retries())));
    }

    /** The convention's array of one ConsumedCapacity object, for a report on one table. */
    private static String capacityReference(OperationReport report) {
        OperationCapacity.Units units = report.capacity().table(report.table());
        return "[{\"TableName\":\"" + report.table() + "\",\"CapacityUnits\":" + units.totalUnits()
                + ",\"ReadCapacityUnits\":" + units.readUnits() + ",\"WriteCapacityUnits\":" + units.writeUnits()
                + "}]";
    }

    private static OperationStart start(Random random, int patterns) {
        OperationKind kind = KINDS.get(random.nextInt(KINDS.size()));
        Class<?> type = random.nextInt(4) == 0 ? null : TYPES.get(random.nextInt(TYPES.size()));
        String index = random.nextBoolean() ? null : "gsi" + random.nextInt(2);
        KeyPath path = random.nextInt(3) == 0 ? null : KeyPath.of("user", random.nextInt(5));
        return new OperationStart(kind, type, "table" + random.nextInt(2), index, path,
                "pattern" + random.nextInt(patterns), null);
    }

    private static OperationReport report(Random random, OperationStart start) {
        RuntimeException error = random.nextInt(3) == 0 ? ERRORS.get(random.nextInt(ERRORS.size())) : null;
        OperationReport.Outcome outcome = error != null ? OperationReport.Outcome.ERROR
                : random.nextInt(4) == 0 ? OperationReport.Outcome.CONDITION_FAILED : OperationReport.Outcome.SUCCESS;
        KeyPath path = switch (random.nextInt(3)) {
            case 0 -> start.keyPath(); // the same object as at the start, as most operations report
            case 1 -> null;
            default -> KeyPath.of("user", random.nextInt(5)); // a key path known only at the end (a put's ids)
        };
        double read = random.nextInt(3) * 0.5;
        double write = random.nextInt(3);
        OperationCapacity capacity = OperationCapacity.of(read + write, write, Map.of(start.table(),
                new OperationCapacity.Units(read, write)), Map.of(), Map.of(), 1, 1);
        return new OperationReport(start.kind(), start.itemType(), start.table(), start.index(), path,
                start.accessPattern(), outcome, error, Duration.ofNanos(1), capacity, count(random),
                count(random), (int) count(random), (int) count(random));
    }

    /** A count: small (the kept ones and just past them), up to a page, or past any kept string. */
    private static long count(Random random) {
        return switch (random.nextInt(3)) {
            case 0 -> random.nextInt(20);
            case 1 -> random.nextInt(1_100);
            default -> 5_000 + random.nextInt(10);
        };
    }

    /** One operation through {@code convention} as Micrometer asks it: keys at the start, keys and name at the stop. */
    private static void checkOne(DefaultKeyPathObservationConvention convention, Random random, int patterns) {
        OperationStart start = start(random, patterns);
        KeyPathOperationContext context = new KeyPathOperationContext(start);
        if (random.nextInt(10) == 0) { // an error set on the observation before the report reaches the context
            context.setError(ERRORS.get(random.nextInt(ERRORS.size())));
            assertThat(convention.getLowCardinalityKeyValues(context)).isEqualTo(lowReference(context));
            return;
        }
        assertThat(convention.getLowCardinalityKeyValues(context)).isEqualTo(lowReference(context));
        assertThat(convention.getHighCardinalityKeyValues(context)).isEqualTo(highReference(context));
        context.ended(report(random, start));
        assertThat(convention.getLowCardinalityKeyValues(context)).isEqualTo(lowReference(context));
        assertThat(convention.getHighCardinalityKeyValues(context)).isEqualTo(highReference(context));
        assertThat(convention.getContextualName(context))
                .isEqualTo(OperationNames.operation(start.kind()) + " " + start.table());
    }

    @Test
    void theKeysOfAnyRunOfOperationsAreThoseBuiltAfreshForEach() {
        qt().withExamples(200).forAll(longs().all()).checkAssert(seed -> {
            Random random = new Random(seed);
            DefaultKeyPathObservationConvention convention = new DefaultKeyPathObservationConvention();
            for (int i = 0; i < 100; i++) {
                checkOne(convention, random, 4);
            }
        });
    }

    @Test
    void pastItsBoundTheConventionKeepsNoMoreShapesAndItsKeysAreStillRight() {
        DefaultKeyPathObservationConvention convention = new DefaultKeyPathObservationConvention();
        OperationKeys keys = new OperationKeys();
        for (int i = 0; i < OperationKeys.MAX_SHAPES; i++) {
            assertThat(keys.shape(new OperationStart(OperationKind.GET, null, "t", null, null, "p" + i, null)))
                    .isNotNull();
        }
        OperationStart past = new OperationStart(OperationKind.GET, null, "t", null, null, "beyond", null);
        assertThat(keys.shape(past)).as("nothing more kept").isNull();
        assertThat(keys.shape(new OperationStart(OperationKind.GET, null, "t", null, null, "p7", null)))
                .as("what is kept is still found").isNotNull();
        Random random = new Random(7);
        for (int i = 0; i < OperationKeys.MAX_SHAPES + 200; i++) {
            checkOne(convention, random, OperationKeys.MAX_SHAPES * 2);
        }
    }

    @Test
    void aContextMovedToAnotherConventionGetsThatConventionsKeys() {
        OperationStart start = new OperationStart(OperationKind.GET, Blog.User.class, "t", null, null, "User.get",
                null);
        KeyPathOperationContext context = new KeyPathOperationContext(start);
        new DefaultKeyPathObservationConvention().getLowCardinalityKeyValues(context);
        DefaultKeyPathObservationConvention renamed = new DefaultKeyPathObservationConvention() {
            @Override
            public String getContextualName(KeyPathOperationContext c) {
                return "db " + super.getContextualName(c);
            }
        };
        assertThat(renamed.getContextualName(context)).isEqualTo("db get t");
        assertThat(renamed.getLowCardinalityKeyValues(context)).isEqualTo(lowReference(context));
    }
}
