package dev.keypath.spring.evolution;

import dev.keypath.dynamodb.ItemHistory;
import dev.keypath.dynamodb.annotation.ItemType;
import dev.keypath.dynamodb.annotation.SchemaHistory;
import dev.keypath.dynamodb.annotation.Version;
import dev.keypath.spring.auditing.EnableKeyPathAuditing;
import dev.keypath.spring.autoconfigure.KeyPathTableBuilderCustomizer;
import dev.keypath.test.TestDynamoDb;
import java.time.Instant;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicReference;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.context.annotation.Bean;
import org.springframework.data.annotation.CreatedBy;
import org.springframework.data.annotation.CreatedDate;
import org.springframework.data.annotation.LastModifiedDate;
import org.springframework.data.auditing.DateTimeProvider;
import org.springframework.data.domain.AuditorAware;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * An application whose note type is at version 2 (its text renamed, a pinned flag added), with auditing, whose
 * updates write older notes back at version 2.
 */
@SpringBootApplication
@EnableKeyPathAuditing(dateTimeProviderRef = "evolvedClock")
public class EvolvedApplication {
    static final AtomicReference<Instant> NOW = new AtomicReference<>(Instant.parse("2033-01-01T00:00:00Z"));

    /** Version 2: {@code text} is stored as {@code body}; {@code pinned} is new (false for older notes). */
    @ItemType(keyPath = "/book-{book}/note-{id}", name = "Note", version = 2)
    public record Note(UUID book, long id, String body, boolean pinned, @CreatedDate Instant created,
                       @LastModifiedDate Instant modified, @CreatedBy String author, @Version Long version) {
        @SchemaHistory
        static ItemHistory history() {
            return ItemHistory.of(h -> h.version(2, v -> v.renamed("text", "body")
                    .added("pinned", AttributeValue.fromBool(false))));
        }
    }

    @Bean(destroyMethod = "")
    DynamoDbClient dynamoDbClient() {
        return TestDynamoDb.get().client();
    }

    @Bean
    AuditorAware<String> evolvedAuditor() {
        return () -> Optional.of("ada");
    }

    /** Updates write older notes back at version 2. */
    @Bean
    KeyPathTableBuilderCustomizer upgradeNotesOnWrite() {
        return builder -> builder.upgradeOnWrite(Note.class);
    }

    @Bean
    DateTimeProvider evolvedClock() {
        return () -> Optional.of(NOW.get());
    }
}
