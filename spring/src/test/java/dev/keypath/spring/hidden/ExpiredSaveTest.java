package dev.keypath.spring.hidden;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keypath.KeyPath;
import java.time.Instant;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;

/** A repository's save of a new versioned item where an expired one still lies: the expired one is absent. */
@SpringBootTest(classes = HiddenItemsApplication.class, properties = {
    "keypath.dynamodb.table-name=spring-hidden", "keypath.dynamodb.create-table-if-missing=true"})
class ExpiredSaveTest {
    @Autowired
    VisitRepository visits;

    @Test
    void aNewItemIsSavedAsVersionOneOverAnExpiredOne() {
        String id = UUID.randomUUID().toString();
        KeyPath path = KeyPath.of("visit", id);
        Visit stale = visits.save(new Visit(id, "stale", Instant.now().minusSeconds(60), null));
        assertThat(stale.version()).isEqualTo(1L);
        assertThat(visits.findById(path)).isEmpty();

        Visit fresh = visits.save(new Visit(id, "fresh", Instant.now().plusSeconds(3600), null));

        assertThat(fresh.version()).isEqualTo(1L);
        assertThat(visits.findById(path)).contains(fresh);
    }
}
