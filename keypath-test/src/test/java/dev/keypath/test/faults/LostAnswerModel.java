package dev.keypath.test.faults;

import dev.keypath.dynamodb.annotation.AutoId;
import dev.keypath.dynamodb.annotation.ItemType;
import dev.keypath.dynamodb.annotation.TimeToLive;
import dev.keypath.dynamodb.annotation.UniqueKeyPath;
import dev.keypath.dynamodb.annotation.Version;
import java.time.Instant;
import java.util.UUID;

/**
 * Item types of the lost-answer tests: versioned, unversioned, sequence ids, a counter, unique key paths, and types
 * whose items expire ({@link #EXPIRING}).
 */
final class LostAnswerModel {
    static final Class<?>[] TYPES = {Account.class, Note.class, Entry.class, Tally.class, Member.class, Wallet.class,
        Meter.class};
    /** The types of the writes over expired items: those with a {@code @TimeToLive}, and a counter. */
    static final Class<?>[] EXPIRING = {Pass.class, Lease.class, Badge.class, Tally.class};

    private LostAnswerModel() {
    }

    @ItemType(keyPath = "/account-{accountId}")
    record Account(UUID accountId, String owner, long balance, @Version Long version) {
        Account withOwner(String o) {
            return new Account(accountId, o, balance, version);
        }

        Account plus(long amount) {
            return new Account(accountId, owner, balance + amount, version);
        }
    }

    @ItemType(keyPath = "/note-{noteId}")
    record Note(String noteId, String text) {
    }

    @ItemType(keyPath = "/book-{bookId}/entry-{entryId}")
    record Entry(String bookId, @AutoId(AutoId.Strategy.SEQUENCE) long entryId, String text) {
    }

    @ItemType(keyPath = "/tally-{name}")
    record Tally(String name, long count) {
    }

    @ItemType(keyPath = "/member-{memberId}")
    @UniqueKeyPath("/email-{email}")
    record Member(UUID memberId, String email, @Version Long version) {
    }

    /** Versioned, with a text attribute for request tokens. */
    @ItemType(keyPath = "/wallet-{walletId}")
    record Wallet(UUID walletId, long balance, String lastRequest, @Version Long version) {
    }

    /** Unversioned, with a text attribute for request tokens. */
    @ItemType(keyPath = "/meter-{name}")
    record Meter(String name, long reading, String lastRequest) {
    }

    /** Unversioned, expiring, with a counter. */
    @ItemType(keyPath = "/pass-{id}")
    record Pass(String id, String note, long uses, @TimeToLive Instant expiresAt) {
    }

    /** Versioned and expiring. */
    @ItemType(keyPath = "/lease-{id}")
    record Lease(String id, String note, @TimeToLive Instant expiresAt, @Version Long version) {
    }

    /** Versioned, expiring, holding a unique key path. */
    @ItemType(keyPath = "/badge-{badgeId}")
    @UniqueKeyPath("/badgecode-{code}")
    record Badge(UUID badgeId, String code, @TimeToLive Instant expiresAt, @Version Long version) {
    }
}
