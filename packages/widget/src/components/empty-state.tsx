'use client'

import { Icon } from './icon'
import { useWidgetSettings } from './widget-settings'

/** An empty conversation: what the assistant does, and up to three starter questions. */
export function EmptyState({ onAsk }: { onAsk: (question: string) => void }) {
  const { labels, starterQuestions } = useWidgetSettings()
  return (
    <div className="docchat-empty">
      <span className="docchat-empty-icon" aria-hidden="true">
        <Icon name="sparkles" />
      </span>
      <p className="docchat-empty-title">{labels.emptyTitle}</p>
      <p className="docchat-empty-description">{labels.emptyDescription}</p>
      {starterQuestions.length > 0 ? (
        <ul className="docchat-starters" aria-label={labels.starterQuestions}>
          {starterQuestions.map((question) => (
            <li key={question}>
              <button type="button" className="docchat-starter" onClick={() => onAsk(question)}>
                <Icon name="arrowRight" flip />
                {question}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  )
}
