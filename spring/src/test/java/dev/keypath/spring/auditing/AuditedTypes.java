package dev.keypath.spring.auditing;

import dev.keypath.KeyId;
import dev.keypath.KeyPath;
import dev.keypath.dynamodb.annotation.AutoId;
import dev.keypath.dynamodb.annotation.ItemType;
import dev.keypath.dynamodb.annotation.UniqueKeyPath;
import dev.keypath.dynamodb.annotation.Version;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.ZonedDateTime;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.springframework.data.annotation.CreatedBy;
import org.springframework.data.annotation.CreatedDate;
import org.springframework.data.annotation.LastModifiedBy;
import org.springframework.data.annotation.LastModifiedDate;

/**
 * Item types that meet auditing with every key-field type keypath maps, with the common value types, and with no
 * auditing annotation at all: each must save under {@code @EnableKeyPathAuditing} and come back as saved.
 */
final class AuditedTypes {
    private AuditedTypes() {
    }

    enum Colour { RED, GREEN }

    /** Every key-field type, each in its own type so that one failure names its type. */
    @ItemType(keyPath = "/kuuid-{id}")
    record ByUuid(UUID id, @CreatedDate Instant created, @LastModifiedBy String by) {
    }

    @ItemType(keyPath = "/klong-{id}")
    record ByLong(long id, @CreatedDate Instant created, @LastModifiedBy String by) {
    }

    @ItemType(keyPath = "/kboxedlong-{id}")
    record ByBoxedLong(Long id, @CreatedDate Instant created, @LastModifiedBy String by) {
    }

    @ItemType(keyPath = "/kint-{id}")
    record ByInt(int id, @CreatedDate Instant created, @LastModifiedBy String by) {
    }

    @ItemType(keyPath = "/kshort-{id}")
    record ByShort(Short id, @CreatedDate Instant created, @LastModifiedBy String by) {
    }

    @ItemType(keyPath = "/kbyte-{id}")
    record ByByte(byte id, @CreatedDate Instant created, @LastModifiedBy String by) {
    }

    @ItemType(keyPath = "/kbig-{id}")
    record ByBigInteger(BigInteger id, @CreatedDate Instant created, @LastModifiedBy String by) {
    }

    @ItemType(keyPath = "/ktext-{id}")
    record ByString(String id, @CreatedDate Instant created, @LastModifiedBy String by) {
    }

    @ItemType(keyPath = "/kbytes-{id}")
    record ByBytes(byte[] id, @CreatedDate Instant created, @LastModifiedBy String by) {
    }

    @ItemType(keyPath = "/kenum-{id}")
    record ByEnum(Colour id, @CreatedDate Instant created, @LastModifiedBy String by) {
    }

    @ItemType(keyPath = "/kkeyid-{id}")
    record ByKeyId(KeyId id, @CreatedDate Instant created, @LastModifiedBy String by) {
    }

    /** A nested value of a {@link Values}: plain, with value types of its own. */
    record Address(String street, UUID placeId, Instant since) {
    }

    /** The common value types, all at once, with auditing dates of three kinds and a version. */
    @ItemType(keyPath = "/values-{id}")
    record Values(String id, UUID ref, KeyId other, KeyPath link, Instant at, LocalDate day, LocalDateTime local,
                  LocalTime time, OffsetDateTime offset, ZonedDateTime zoned, Duration took, BigDecimal price,
                  BigInteger big, byte[] blob, Colour colour, List<UUID> refs, Set<String> tags,
                  Map<String, BigDecimal> prices, Address address, List<Address> history,
                  @CreatedDate LocalDateTime created, @LastModifiedDate long modified, @CreatedBy String createdBy,
                  @LastModifiedBy String modifiedBy, @Version Long version) {
    }

    /** Auditing beside a sequence id, a unique key path and a version: the aliased write path. */
    @ItemType(keyPath = "/shop-{shopId}/member-{memberId}")
    @UniqueKeyPath("/memberemail-{email}")
    record Member(UUID shopId, @AutoId(AutoId.Strategy.SEQUENCE) long memberId, String email,
                  @CreatedDate Instant created, @LastModifiedDate Instant modified, @CreatedBy String createdBy,
                  @Version Long version) {
    }

    /** No auditing annotation: a plain type with a UUID field, in an application that audits. */
    @ItemType(keyPath = "/plain-{id}")
    record Plain(UUID id, UUID owner, Instant at, Address address) {
    }
}
