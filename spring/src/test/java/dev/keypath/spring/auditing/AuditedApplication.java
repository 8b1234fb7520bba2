package dev.keypath.spring.auditing;

import dev.keypath.dynamodb.ItemExtension;
import dev.keypath.dynamodb.ItemSchema;
import dev.keypath.dynamodb.ItemWrite;
import dev.keypath.dynamodb.WriteModification;
import dev.keypath.dynamodb.annotation.ItemType;
import dev.keypath.dynamodb.annotation.Version;
import dev.keypath.test.TestDynamoDb;
import jakarta.validation.constraints.NotBlank;
import java.time.Instant;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.context.annotation.Bean;
import org.springframework.data.annotation.CreatedBy;
import org.springframework.data.annotation.CreatedDate;
import org.springframework.data.annotation.LastModifiedBy;
import org.springframework.data.annotation.LastModifiedDate;
import org.springframework.data.auditing.DateTimeProvider;
import org.springframework.data.domain.AuditorAware;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** An application with keypath auditing, an auditor and a clock the tests set, and Boot's validator. */
@SpringBootApplication
@EnableKeyPathAuditing(dateTimeProviderRef = "auditingClock")
public class AuditedApplication {
    static final AtomicReference<String> USER = new AtomicReference<>("ada");
    static final AtomicReference<Instant> NOW = new AtomicReference<>(Instant.parse("2032-01-01T00:00:00Z"));

    /** Versioned: new while its version is unset. */
    @ItemType(keyPath = "/doc-{id}")
    public record Doc(String id, String title, @CreatedDate Instant created, @LastModifiedDate Instant modified,
                      @CreatedBy String createdBy, @LastModifiedBy String modifiedBy, @Version Long version) {
        static Doc fresh(String id, String title) {
            return new Doc(id, title, null, null, null, null, null);
        }
    }

    /** Not versioned: new while its creation date is unset; validated before saves. */
    @ItemType(keyPath = "/jot-{id}")
    public record Jot(String id, @NotBlank String text, @CreatedDate Instant created,
                      @LastModifiedDate Instant modified) {
    }

    @Bean(destroyMethod = "")
    DynamoDbClient dynamoDbClient() {
        return TestDynamoDb.get().client();
    }

    @Bean
    AuditorAware<String> auditor() {
        return () -> Optional.ofNullable(USER.get());
    }

    /** An extension bean: the auto-configured table runs it on every write of a Jot. */
    @Bean
    ItemExtension originStamp() {
        return new ItemExtension() {
            @Override
            public boolean appliesTo(ItemSchema<?> schema) {
                return schema.type() == Jot.class;
            }

            @Override
            public WriteModification beforeWrite(ItemWrite write) {
                return WriteModification.builder().set("origin", AttributeValue.fromS("spring")).build();
            }
        };
    }

    @Bean
    DateTimeProvider auditingClock() {
        return () -> Optional.of(NOW.get());
    }
}
