package dev.keypath.spring.auditing;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keypath.KeyId;
import dev.keypath.KeyPath;
import dev.keypath.spring.KeyPathDynamoOperations;
import dev.keypath.spring.auditing.AuditedTypes.Address;
import dev.keypath.spring.auditing.AuditedTypes.ByBigInteger;
import dev.keypath.spring.auditing.AuditedTypes.ByBoxedLong;
import dev.keypath.spring.auditing.AuditedTypes.ByByte;
import dev.keypath.spring.auditing.AuditedTypes.ByBytes;
import dev.keypath.spring.auditing.AuditedTypes.ByEnum;
import dev.keypath.spring.auditing.AuditedTypes.ByInt;
import dev.keypath.spring.auditing.AuditedTypes.ByKeyId;
import dev.keypath.spring.auditing.AuditedTypes.ByLong;
import dev.keypath.spring.auditing.AuditedTypes.ByShort;
import dev.keypath.spring.auditing.AuditedTypes.ByString;
import dev.keypath.spring.auditing.AuditedTypes.ByUuid;
import dev.keypath.spring.auditing.AuditedTypes.Colour;
import dev.keypath.spring.auditing.AuditedTypes.Member;
import dev.keypath.spring.auditing.AuditedTypes.Plain;
import dev.keypath.spring.auditing.AuditedTypes.Values;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;

/**
 * {@code @EnableKeyPathAuditing} with every key-field type, with the common value types (UUID, KeyId, KeyPath,
 * java.time, BigDecimal, BigInteger, byte[], enums, collections, nested records) and with a type that has no
 * auditing annotation: each save is audited where the type asks for it and the item reads back as saved.
 */
@SpringBootTest(classes = AuditedApplication.class, properties = "keypath.dynamodb.table-name=spring-audited-values")
class AuditedValueTypesTest {
    private static final AtomicLong IDS = new AtomicLong(System.nanoTime() & 0xFFFF_FFFFL);

    @Autowired
    KeyPathDynamoOperations operations;

    @BeforeEach
    void ada() {
        AuditedApplication.USER.set("ada");
        AuditedApplication.NOW.set(AuditingTest.T1);
    }

    /** A fresh item of each key-field type, with its key path and a reader of its audited fields. */
    static Stream<Arguments> keyFieldTypes() {
        long n = IDS.incrementAndGet();
        return Stream.of(
                keyed(new ByUuid(UUID.randomUUID(), null, null), r -> KeyPath.of("kuuid", r.id()),
                        ByUuid::created, ByUuid::by),
                keyed(new ByLong(n, null, null), r -> KeyPath.of("klong", r.id()), ByLong::created, ByLong::by),
                keyed(new ByBoxedLong(-n, null, null), r -> KeyPath.of("kboxedlong", r.id()),
                        ByBoxedLong::created, ByBoxedLong::by),
                keyed(new ByInt((int) n, null, null), r -> KeyPath.of("kint", r.id()), ByInt::created, ByInt::by),
                keyed(new ByShort((short) n, null, null), r -> KeyPath.of("kshort", r.id()),
                        ByShort::created, ByShort::by),
                keyed(new ByByte((byte) n, null, null), r -> KeyPath.of("kbyte", r.id()), ByByte::created, ByByte::by),
                keyed(new ByBigInteger(BigInteger.TWO.pow(63).add(BigInteger.valueOf(n)), null, null),
                        r -> KeyPath.of("kbig", KeyId.of(r.id())), ByBigInteger::created, ByBigInteger::by),
                keyed(new ByString("s-" + n, null, null), r -> KeyPath.of("ktext", r.id()),
                        ByString::created, ByString::by),
                keyed(new ByBytes(new byte[] {0, 1, 2, (byte) n}, null, null), r -> KeyPath.of("kbytes", r.id()),
                        ByBytes::created, ByBytes::by),
                keyed(new ByEnum(Colour.values()[(int) (n & 1)], null, null), r -> KeyPath.of("kenum",
                        r.id().name()), ByEnum::created, ByEnum::by),
                keyed(new ByKeyId(KeyId.of(UUID.randomUUID()), null, null), r -> KeyPath.of("kkeyid", r.id()),
                        ByKeyId::created, ByKeyId::by));
    }

    private static <T> Arguments keyed(T fresh, Function<T, KeyPath> path, Function<T, Instant> created,
                                       Function<T, String> by) {
        return Arguments.of(fresh.getClass().getSimpleName(), new Keyed<>(fresh, path, created, by));
    }

    record Keyed<T>(T fresh, Function<T, KeyPath> path, Function<T, Instant> created, Function<T, String> by) {
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("keyFieldTypes")
    <T> void everyKeyFieldTypeIsAuditedOnSave(String type, Keyed<T> keyed) {
        T saved = operations.save(keyed.fresh());
        assertThat(keyed.created().apply(saved)).isEqualTo(AuditingTest.T1);
        assertThat(keyed.by().apply(saved)).isEqualTo("ada");
        @SuppressWarnings("unchecked")
        Class<T> itemType = (Class<T>) saved.getClass();
        T read = operations.findById(itemType, keyed.path().apply(saved)).orElseThrow();
        assertThat(keyed.created().apply(read)).isEqualTo(AuditingTest.T1);
        assertThat(keyed.by().apply(read)).isEqualTo("ada");
    }

    @Test
    void auditingMeetsSequenceIdsUniqueKeyPathsAndVersions() {
        UUID shop = UUID.randomUUID();
        String email = shop + "@example.com";
        Member first = operations.save(new Member(shop, 0, email, null, null, null, null));
        assertThat(first.memberId()).isEqualTo(1);
        assertThat(first.created()).isEqualTo(AuditingTest.T1);
        assertThat(first.createdBy()).isEqualTo("ada");
        assertThat(first.version()).isEqualTo(1L);
        assertThat(operations.findByAlias(Member.class, KeyPath.of("memberemail", email))).contains(first);

        AuditedApplication.NOW.set(AuditingTest.T2);
        Member second = operations.save(new Member(shop, first.memberId(), email, first.created(), first.modified(),
                first.createdBy(), first.version()));
        assertThat(second.created()).isEqualTo(AuditingTest.T1);
        assertThat(second.modified()).isEqualTo(AuditingTest.T2);
        assertThat(operations.findById(Member.class, KeyPath.of("shop", shop).then("member", 1))).contains(second);
    }

    @Test
    void aTypeWithoutAuditingAnnotationsSavesWithItsUuidFields() {
        Plain plain = new Plain(UUID.randomUUID(), UUID.randomUUID(), Instant.parse("2030-05-06T07:08:09Z"),
                new Address("Main St", UUID.randomUUID(), Instant.parse("2020-01-01T00:00:00Z")));
        assertThat(operations.save(plain)).isEqualTo(plain);
        assertThat(operations.findById(Plain.class, KeyPath.of("plain", plain.id()))).contains(plain);
    }

    @Test
    void everyCommonValueTypeSavesAuditedAndReadsBack() {
        String id = "v-" + IDS.incrementAndGet();
        Address home = new Address("Main St", UUID.randomUUID(), Instant.parse("2020-01-01T00:00:00Z"));
        Values fresh = new Values(id, UUID.randomUUID(), KeyId.of(42), KeyPath.of("user", 7).then("post", 9),
                Instant.parse("2031-02-03T04:05:06.789Z"), LocalDate.of(2031, 2, 3), LocalDateTime.of(2031, 2, 3, 4, 5),
                LocalTime.of(4, 5, 6), OffsetDateTime.of(2031, 2, 3, 4, 5, 6, 0, ZoneOffset.ofHours(2)),
                ZonedDateTime.of(2031, 2, 3, 4, 5, 6, 0, ZoneOffset.UTC), Duration.ofMinutes(90),
                new BigDecimal("12.5"), BigInteger.TEN.pow(30), new byte[] {9, 8, 7}, Colour.GREEN,
                List.of(UUID.randomUUID()), Set.of("a", "b"), Map.of("pen", new BigDecimal("1.5")), home,
                List.of(home), null, 0L, null, null, null);

        Values saved = operations.save(fresh);
        assertThat(saved.created()).isEqualTo(LocalDateTime.ofInstant(AuditingTest.T1, ZoneOffset.systemDefault()));
        assertThat(saved.modified()).isEqualTo(AuditingTest.T1.toEpochMilli());
        assertThat(saved.createdBy()).isEqualTo("ada");
        assertThat(saved.modifiedBy()).isEqualTo("ada");
        assertThat(saved.version()).isEqualTo(1L);

        Values read = operations.findById(Values.class, KeyPath.of("values", id)).orElseThrow();
        assertThat(read).usingRecursiveComparison().ignoringFields("zoned", "offset").isEqualTo(saved);
        assertThat(read.zoned().toInstant()).isEqualTo(saved.zoned().toInstant());
        assertThat(read.offset().toInstant()).isEqualTo(saved.offset().toInstant());
    }
}
