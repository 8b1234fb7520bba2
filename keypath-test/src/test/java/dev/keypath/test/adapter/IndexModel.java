package dev.keypath.test.adapter;

import dev.keypath.dynamodb.annotation.IndexProjection;
import dev.keypath.dynamodb.annotation.ItemType;
import dev.keypath.dynamodb.annotation.SecondaryKeyPath;
import dev.keypath.dynamodb.annotation.TimeToLive;
import dev.keypath.dynamodb.annotation.UniqueKeyPath;
import dev.keypath.dynamodb.annotation.Version;
import java.time.Instant;
import java.util.UUID;

/** Item types of the index and unique-key tests: local indexes, projections, sparse indexes and aliases. */
final class IndexModel {
    private IndexModel() {
    }

    /** The types with indexes. */
    static final Class<?>[] INDEXED = {Task.class};

    /** The types with alternate key paths. */
    static final Class<?>[] ALIASED = {Member.class, Team.class, Badge.class, Ticket.class};

    /**
     * A task of a user: a local index by due day within the user's partition, a sparse KEYS_ONLY global index by
     * assignee (unassigned tasks are not in it) and an INCLUDE global index by state that holds the title.
     */
    @ItemType(keyPath = "/user-{userId}/task-{taskId}")
    @SecondaryKeyPath(index = "byDue", keyPath = "/user-{userId}/due-{due}/task-{taskId}", local = true)
    @SecondaryKeyPath(index = "byAssignee", keyPath = "/assignee-{assignee}/task-{taskId}",
            projection = IndexProjection.KEYS_ONLY)
    @SecondaryKeyPath(index = "byState", keyPath = "/state-{state}/task-{taskId}",
            projection = IndexProjection.INCLUDE, include = "title")
    record Task(UUID userId, long taskId, long due, String assignee, String state, String title, String notes) {
    }

    /** A member with a unique e-mail and an optional unique handle; versioned. */
    @ItemType(keyPath = "/member-{memberId}")
    @UniqueKeyPath("/email-{email}")
    @UniqueKeyPath("/handle-{handle}")
    record Member(UUID memberId, String email, String handle, String name, @Version Long version) {
    }

    /** A team whose e-mail shares the e-mail key paths of members. */
    @ItemType(keyPath = "/team-{teamId}")
    @UniqueKeyPath("/email-{email}")
    record Team(String teamId, String email) {
    }

    /** An unversioned type with one unique code. */
    @ItemType(keyPath = "/badge-{badgeId}")
    @UniqueKeyPath("/code-{code}")
    record Badge(long badgeId, String code, String label) {
    }

    /** A ticket with a unique code that expires. */
    @ItemType(keyPath = "/ticket-{ticketId}")
    @UniqueKeyPath("/code-{code}")
    record Ticket(String ticketId, String code, @TimeToLive Instant expiresAt) {
    }
}
