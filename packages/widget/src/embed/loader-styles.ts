import baseCss from '../styles/base.css?inline'
import tokensCss from '../styles/tokens.css?inline'
import triggerCss from '../styles/trigger.css?inline'

/** Only what the trigger needs: the panel chunk brings the rest of the CSS with it. */
export const loaderCss = tokensCss + baseCss + triggerCss
